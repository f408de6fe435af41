// zugbot's live board: draws a game from GET /api/games/{id}, plays by
// tapping or typing, and follows the game through /api/games/{id}/live.
'use strict';
(function () {
  const $ = (id) => document.getElementById(id);
  // The game: the page's path, or the one the Activity chose (activity.js).
  const gameId = (location.pathname.match(/^\/games\/([0-9a-f]{16})$/) || [])[1] || document.documentElement.dataset.game;
  if (!gameId) return;
  const api = '/api/games/' + gameId;

  let st = null;          // the state shown
  let flipped = null;     // null: as the viewer's side decides
  let selected = -1;      // the chosen point
  let busy = false;       // a request is under way
  let loading = null;     // the state request under way
  let again = false;      // refetch when it ends
  let confirmResign = false;

  const el = window.zugDraw.el;

  // say shows text in the status line; lost marks a lost connection, which
  // the next state from the server clears (see show).
  function say(text, error, lost) {
    const s = $('status');
    s.textContent = text || '';
    s.className = error ? 'error' : '';
    s.dataset.lost = lost ? '1' : '';
  }

  function announce(text) { $('announce').textContent = text; }

  // spokenMoves is how many of the moves made since the page last drew the
  // game it announces at most: a reply's, not a whole game's after a
  // reconnection.
  const spokenMoves = 4;

  async function load() {
    if (loading) { again = true; return loading; }
    loading = (async () => {
      try {
        const r = await fetch(api, { credentials: 'same-origin', cache: 'no-store' });
        const body = await r.json();
        if (!r.ok) { say(body.error || 'The game could not be loaded.', true); return; }
        show(body);
      } catch (e) {
        say('The connection to the server was lost; retrying…', true, true);
      } finally {
        loading = null;
        if (again) { again = false; load(); }
      }
    })();
    return loading;
  }

  function isFlipped() { return flipped === null ? st.you === 1 : flipped; }

  function canMove() { return st && st.you >= 0 && st.you === st.turn && !st.result && st.moves.length > 0; }

  function show(next) {
    const prev = st;
    fetchedAt = Date.now();
    if (prev && next.ply === prev.ply && prev.id === next.id && JSON.stringify(prev.moves) === JSON.stringify(next.moves) &&
        JSON.stringify(prev.offer) === JSON.stringify(next.offer) && JSON.stringify(prev.result) === JSON.stringify(next.result)) {
      st = next; drawPlayers();
      if ($('status').dataset.lost) status(); // reconnected
      return;
    }
    st = next;
    if (!prev || prev.ply !== st.ply) selected = -1;
    if (prev && st.ply > prev.ply && st.last) {
      // Each move since the last state shown, by the side that played it
      // (a reply may span two plies), the last few at most.
      const said = [];
      for (let i = Math.max(prev.ply, st.ply - spokenMoves); i < st.ply; i++) {
        said.push(st.variant.sides[st.movers[i]] + ' played ' + st.history[i] + '.');
      }
      announce(said.join(' ') + (st.result ? ' ' + resultText() : ''));
    } else if (prev && st.ply < prev.ply) {
      announce('Moves were taken back.');
    } else if (prev && st.result && !prev.result) {
      announce(resultText());
    }
    document.body.dataset.ply = String(st.ply);
    document.title = st.variant.name + ' #' + st.id + ' · zugbot';
    $('title').textContent = st.variant.name + ' · game #' + st.id;
    $('notation').textContent = st.variant.notation;
    draw();
    drawPlayers();
    drawControls();
    drawHistory();
    if ($('rules-link')) $('rules-link').href = st.variant.rules;
    const onWeb = location.pathname.startsWith('/games/'); // not in the Activity, which has no home page nor replay
    if ($('home-link')) $('home-link').hidden = !onWeb;
    if ($('after')) $('after').hidden = !st.result || !onWeb; // the replay is the finished game's page
    status();
  }

  // status says where the game stands.
  function status() {
    if (st.result) { say(resultText()); $('status').className = 'result'; }
    else if (st.you < 0) say('You are watching. ' + st.variant.sides[st.turn] + ' to move.');
    else if (canMove()) say('Your move.');
    else say(st.players[st.turn].name + ' is thinking…');
  }

  function resultText() {
    const r = st.result;
    if (!r) return '';
    // The service's words, the same as Discord's; and the reader's own.
    const mine = st.you < 0 || r.result !== 'win' ? '' : r.winner === st.you ? ' You won.' : ' You lost.';
    return r.text + mine;
  }

  // view is the drawing of the state shown (draw.js).
  function view() { return window.zugDraw.view(st, isFlipped()); }
  let wasTurned = null;
  window.addEventListener('resize', () => { if (st && window.zugDraw.turned(st) !== wasTurned) draw(); });

  function draw() {
    wasTurned = window.zugDraw.turned(st);
    const svg = $('board'), g = st.geometry, vw = view(), u = vw.unit();
    const byPoint = vw.board(svg);
    const origins = new Set();
    if (canMove()) for (const mv of st.moves) if (mv.path.length) origins.add(mv.path[0]);
    const targets = markChoice();
    // Hit areas: every point taps; those that can act take the keyboard.
    g.points.forEach((p, i) => {
      const [x, y] = vw.place(p.x, p.y);
      const pc = byPoint.get(i);
      const hit = el('circle', { cx: x, cy: y, r: 0.5 * u, class: 'hit', 'data-i': i, role: 'button',
        'aria-label': p.name + (pc ? ', ' + (pc.neutral ? 'neutral' : st.variant.sides[pc.side]) + ' ' + pc.name : '') +
          (i === selected ? ', chosen' : '') + (targets.has(i) ? ', destination' : '') }, svg);
      if (origins.has(i) || targets.has(i)) hit.setAttribute('tabindex', '0');
    });
  }

  // markChoice draws the chosen piece and its destinations, under the hit
  // areas, in place of those drawn before; it returns the destinations.
  function markChoice() {
    const svg = $('board'), g = st.geometry, pal = st.palette, vw = view(), u = vw.unit(), place = vw.place;
    svg.querySelectorAll('.choice').forEach((e) => e.remove());
    const before = svg.querySelector('.hit');
    const add = (name, attrs) => { const e = el(name, attrs); svg.insertBefore(e, before); return e; };
    const targets = new Set();
    if (canMove() && selected >= 0) for (const mv of st.moves) if (mv.path[0] === selected) targets.add(mv.path[mv.path.length - 1]);
    if (selected >= 0) { // a frame: the piece keeps its side's colour
      const [x, y] = place(g.points[selected].x, g.points[selected].y);
      add('circle', { cx: x, cy: y, r: 0.47 * u, fill: 'none', stroke: pal.targetHalo, 'stroke-width': 0.12 * u, class: 'mark choice' });
      add('circle', { cx: x, cy: y, r: 0.47 * u, fill: 'none', stroke: pal.target, 'stroke-width': 0.06 * u, class: 'mark choice' });
    }
    const occupied = new Set(st.pieces.map((pc) => pc.point));
    for (const i of targets) {
      const [x, y] = place(g.points[i].x, g.points[i].y);
      if (occupied.has(i)) { // a capture: a ring around the piece taken, as the PNG board marks it
        add('circle', { cx: x, cy: y, r: 0.44 * u, fill: 'none', stroke: pal.targetHalo, 'stroke-width': 0.1 * u, class: 'mark choice target' });
        add('circle', { cx: x, cy: y, r: 0.44 * u, fill: 'none', stroke: pal.taken, 'stroke-width': 0.05 * u, class: 'mark choice target' });
        continue;
      }
      add('circle', { cx: x, cy: y, r: 0.15 * u, fill: pal.target, stroke: pal.targetHalo, 'stroke-width': 0.05 * u, class: 'mark choice target' });
    }
    return targets;
  }

  function clockText(ms) {
    const t = Math.max(0, Math.round(ms / 1000));
    return Math.floor(t / 60) + ':' + String(t % 60).padStart(2, '0');
  }

  // The running clock counts down between fetches.
  let fetchedAt = 0;
  setInterval(() => {
    if (st && st.clock && st.clock.live && st.clock.running !== undefined && !st.result) drawPlayers();
  }, 1000);

  function drawPlayers() {
    const bottom = isFlipped() ? 1 : 0;
    for (const [id, side] of [['bottom', bottom], ['top', 1 - bottom]]) {
      const box = $(id), pl = st.players[side];
      box.replaceChildren();
      const name = document.createElement('span');
      name.textContent = st.variant.sides[side] + ': ' + pl.name + (st.you === side ? ' — you' : '');
      box.appendChild(name);
      const right = document.createElement('span');
      if (st.clock && st.clock.live) {
        const c = document.createElement('span');
        c.className = 'clock';
        c.textContent = clockText(st.clock.left[side] - (st.clock.running === side ? Date.now() - fetchedAt : 0));
        right.appendChild(c);
      }
      if (!st.result && st.turn === side) {
        const t = document.createElement('span');
        t.className = 'tag';
        t.textContent = 'to move';
        right.appendChild(document.createTextNode(' '));
        right.appendChild(t);
      } else if (st.result && st.result.winner === side) {
        const t = document.createElement('span');
        t.className = 'tag';
        t.textContent = 'winner';
        right.appendChild(t);
      }
      box.appendChild(right);
    }
  }

  function drawControls() {
    const player = st.you >= 0 && !st.result;
    const offer = st.offer;
    $('typed').hidden = !player;
    $('move-input').maxLength = st.max_move;
    $('move-submit').disabled = !canMove();
    $('pass').hidden = !(canMove() && st.moves.some((mv) => mv.path.length === 0));
    $('resign').hidden = !player;
    $('draw').hidden = !player || !st.variant.draws;
    $('takeback').hidden = !player || st.ply === 0;
    const theirs = player && offer && offer.by !== st.you;
    $('accept').hidden = $('decline').hidden = !theirs;
    if (theirs) $('accept').textContent = 'Accept the ' + offer.kind;
    if (!player) hideChooser();
    confirmResign = false;
    $('resign').textContent = 'Resign';
  }

  // drawHistory lists the moves by pairs, numbered as chess players do:
  // "1. Nl3 g5".
  function drawHistory() {
    const ol = $('history');
    ol.replaceChildren();
    let li = null;
    st.history.forEach((n, i) => {
      if (i % 2 === 0) { li = document.createElement('li'); ol.appendChild(li); }
      const span = document.createElement('span');
      span.textContent = n;
      li.appendChild(span);
    });
  }

  async function post(path, body) {
    if (busy) return null;
    busy = true;
    try {
      const r = await fetch(api + path, {
        method: 'POST', credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', 'X-Zugbot-CSRF': st.csrf || '' },
        body: JSON.stringify(body),
      });
      const out = await r.json().catch(() => ({}));
      if (!r.ok) { say(out.error || 'Refused.', true); if (out.confirm === undefined) await load(); return out; }
      await load();
      if (out.notice) say(out.notice); // news, not an error: the AI declined a draw
      return out;
    } catch (e) {
      say('The connection to the server was lost.', true, true);
      return null;
    } finally {
      busy = false;
    }
  }

  function play(notation) {
    selected = -1;
    hideChooser();
    draw(); // the choice is dropped: a refused move leaves none shown
    say('Playing ' + notation + '…');
    return post('/moves', { ply: st.ply, move: notation, turn_version: st.turn_version });
  }

  function hideChooser() { $('chooser').hidden = true; $('chooser-moves').replaceChildren(); }

  function choose(moves) {
    const box = $('chooser-moves');
    box.replaceChildren();
    for (const mv of moves) {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = mv.notation;
      b.addEventListener('click', () => play(mv.notation));
      box.appendChild(b);
    }
    $('chooser').hidden = false;
    box.firstChild.focus();
  }

  function tap(i) {
    if (!canMove() || busy) return;
    hideChooser();
    if (selected >= 0) {
      if (i === selected) { selected = -1; draw(); return; }
      const cands = st.moves.filter((mv) => mv.path[0] === selected && mv.path[mv.path.length - 1] === i);
      if (cands.length === 1) { play(cands[0].notation); return; }
      if (cands.length > 1) { choose(cands); return; }
    }
    selected = st.moves.some((mv) => mv.path[0] === i) ? i : -1;
    draw();
    if (selected >= 0) {
      const h = $('board').querySelector('.hit[data-i="' + i + '"]');
      if (h) h.focus({ preventScroll: true });
    }
  }

  // Pointer: a tap chooses (see tap), a drag carries a piece to its
  // destination. A click that follows a pointer's tap is the same tap.
  let drag = null, lastPointer = 0;
  const svgPoint = (e) => {
    const svg = $('board'), pt = svg.createSVGPoint();
    pt.x = e.clientX; pt.y = e.clientY;
    return pt.matrixTransform(svg.getScreenCTM().inverse());
  };
  const hitAt = (e) => {
    const h = document.elementFromPoint(e.clientX, e.clientY);
    return h && h.closest ? h.closest('#board .hit') : null;
  };
  $('board').addEventListener('pointerdown', (e) => {
    const h = e.target.closest('.hit');
    if (!h || !e.isPrimary || e.button > 0) return;
    drag = { i: Number(h.getAttribute('data-i')), x: e.clientX, y: e.clientY, start: svgPoint(e), moved: false, el: null };
    $('board').setPointerCapture(e.pointerId);
  });
  $('board').addEventListener('pointermove', (e) => {
    if (!drag) return;
    if (!drag.moved) {
      if (Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < 6 || !canMove() || !st.moves.some((mv) => mv.path[0] === drag.i)) return;
      drag.moved = true;
      if (selected !== drag.i) { selected = drag.i; markChoice(); }
      drag.el = $('board').querySelector('g.piece[data-p="' + drag.i + '"]');
      if (drag.el) drag.el.parentNode.appendChild(drag.el); // on top
    }
    const p = svgPoint(e);
    if (drag.el) drag.el.setAttribute('transform', `translate(${p.x - drag.start.x},${p.y - drag.start.y})`);
  });
  const endDrag = (e, cancelled) => {
    const d = drag;
    drag = null;
    if (!d) return;
    lastPointer = performance.now();
    if (!d.moved) {
      // A touch may end elsewhere with no move reported: a drop there.
      const h = cancelled ? null : hitAt(e), to = h ? Number(h.getAttribute('data-i')) : d.i;
      if (!cancelled) { if (to !== d.i && selected !== d.i && canMove()) { selected = d.i; } tap(to === d.i ? d.i : to); }
      return;
    }
    if (d.el) d.el.removeAttribute('transform');
    const h = cancelled ? null : hitAt(e);
    const to = h ? Number(h.getAttribute('data-i')) : -1;
    if (to >= 0 && to !== d.i && st.moves.some((mv) => mv.path[0] === d.i && mv.path[mv.path.length - 1] === to)) tap(to);
    else { selected = -1; draw(); }
  };
  $('board').addEventListener('pointerup', (e) => endDrag(e, false));
  $('board').addEventListener('pointercancel', (e) => endDrag(e, true));
  $('board').addEventListener('click', (e) => {
    if (performance.now() - lastPointer < 600) return;
    const h = e.target.closest('.hit');
    if (h) tap(Number(h.getAttribute('data-i')));
  });
  $('board').addEventListener('keydown', (e) => {
    const h = e.target.closest('.hit');
    if (h && (e.key === 'Enter' || e.key === ' ')) { e.preventDefault(); tap(Number(h.getAttribute('data-i'))); }
    if (e.key === 'Escape') { selected = -1; draw(); }
  });
  $('typed').addEventListener('submit', async (e) => {
    e.preventDefault();
    const text = $('move-input').value.trim();
    if (!text || !canMove()) return;
    const out = await play(text);
    if (out && !out.error) $('move-input').value = '';
  });
  $('chooser-cancel').addEventListener('click', () => { hideChooser(); selected = -1; draw(); });
  $('flip').addEventListener('click', () => { flipped = !isFlipped(); draw(); drawPlayers(); });
  $('pass').addEventListener('click', () => { const mv = st.moves.find((x) => x.path.length === 0); if (mv) play(mv.notation); });
  $('resign').addEventListener('click', () => {
    if (!confirmResign) { confirmResign = true; $('resign').textContent = 'Really resign?'; return; }
    post('/resign', { ply: st.ply });
  });
  $('draw').addEventListener('click', async () => {
    const out = await post('/draw', { ply: st.ply });
    if (out && out.confirm !== undefined && window.confirm(out.error)) await post('/draw', { ply: st.ply, confirmed: out.confirm });
  });
  $('takeback').addEventListener('click', () => post('/takeback', { ply: st.ply }));
  $('accept').addEventListener('click', () => post('/answer', { kind: st.offer.kind, ply: st.offer.ply, accept: true }));
  $('decline').addEventListener('click', () => post('/answer', { kind: st.offer.kind, ply: st.offer.ply, accept: false }));

  // Live: every change (and a Resync, and a reconnection) refetches.
  const live = new EventSource(api + '/live');
  live.addEventListener('change', () => load());
  live.addEventListener('open', () => load());

  load();
})();
