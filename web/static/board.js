// zugbot's live board: draws a game from GET /api/games/{id}, plays by
// tapping or typing, and follows the game through /api/games/{id}/live.
'use strict';
(function () {
  const NS = 'http://www.w3.org/2000/svg';
  const GLYPHS = { king: '\u265A', queen: '\u265B', rook: '\u265C', bishop: '\u265D', knight: '\u265E', pawn: '\u265F\uFE0E' };
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

  function el(name, attrs, parent) {
    const e = document.createElementNS(NS, name);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }

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

  // place returns the SVG coordinates of board point (x, y): turned a
  // quarter on a narrow portrait screen for a board much wider than tall
  // (Zonal Chess's 16 files), so that its cells stay big enough to tap.
  function place(x, y) {
    const g = st.geometry;
    if (isFlipped()) { x = g.width - x; y = g.height - y; }
    return turned() ? [y, x] : [x, g.height - y];
  }

  function turned() {
    const g = st.geometry;
    return g.width >= 1.6 * g.height && window.innerWidth < 600 && window.innerHeight > window.innerWidth;
  }
  let wasTurned = null;
  window.addEventListener('resize', () => { if (st && turned() !== wasTurned) draw(); });

  // unit is the spacing of the board's points: a cell, or the shortest line.
  function unit() {
    const g = st.geometry;
    if (g.cells || !g.lines) return 1;
    let u = Infinity;
    for (const [a, b] of g.lines) {
      const p = g.points[a], q = g.points[b];
      u = Math.min(u, Math.hypot(p.x - q.x, p.y - q.y));
    }
    return Math.min(u, 1);
  }

  function draw() {
    wasTurned = turned();
    const svg = $('board');
    const g = st.geometry, pal = st.palette, u = unit();
    svg.replaceChildren();
    // The extent of what is drawn: the points with their cells or pieces,
    // and the labels.
    const box = [Infinity, Infinity, -Infinity, -Infinity];
    const grow = (x, y, pad) => {
      box[0] = Math.min(box[0], x - pad); box[1] = Math.min(box[1], y - pad);
      box[2] = Math.max(box[2], x + pad); box[3] = Math.max(box[3], y + pad);
    };
    for (const p of g.points) grow(...place(p.x, p.y), g.cells ? 0.5 : 0.5 * u);
    const board = box.slice();
    const fs = g.cells ? 0.32 : 0.3 * u;
    for (const l of g.labels) grow(...place(l.x, l.y), fs * 0.8);
    const margin = g.cells ? 0.05 : 0.15;
    svg.setAttribute('viewBox', [box[0] - margin, box[1] - margin, box[2] - box[0] + 2 * margin, box[3] - box[1] + 2 * margin].map((v) => v.toFixed(3)).join(' '));
    svg.setAttribute('aria-label', st.variant.name + ' board, ' + (isFlipped() ? st.variant.sides[1] : st.variant.sides[0]) + ' at the bottom');
    const lastSet = new Set(st.last ? st.last.path : []);
    const takenSet = new Set(st.last && st.last.taken ? st.last.taken : []);
    if (g.cells) {
      for (const p of g.points) {
        const [x, y] = place(p.x, p.y);
        const mark = { tinted: 1, gilded: 2 }[p.mark] || 0;
        el('rect', { x: x - 0.5, y: y - 0.5, width: 1, height: 1, fill: pal.cells[mark][p.shade || 0], stroke: pal.cellBorder, 'stroke-width': 0.01 }, svg);
        if (p.sign) el('text', { x: x, y: y, 'font-size': 0.6, fill: pal.sign, 'text-anchor': 'middle', 'dominant-baseline': 'central' }, svg).textContent = p.sign;
      }
      if (g.rings) {
        const radii = new Set();
        for (const p of g.points) radii.add(Math.hypot(p.x - g.width / 2, p.y - g.height / 2).toFixed(3));
        const [cx, cy] = place(g.width / 2, g.height / 2);
        const clip = el('clipPath', { id: 'board-clip' }, svg);
        el('rect', { x: board[0], y: board[1], width: board[2] - board[0], height: board[3] - board[1] }, clip);
        for (const r of radii) el('circle', { cx: cx, cy: cy, r: r, fill: 'none', stroke: pal.ring, 'stroke-width': 0.03, class: 'mark', 'clip-path': 'url(#board-clip)' }, svg);
      }
    } else {
      el('rect', { x: box[0] - 0.1, y: box[1] - 0.1, width: box[2] - box[0] + 0.2, height: box[3] - box[1] + 0.2, rx: 0.15, fill: pal.panel, stroke: pal.panelEdge, 'stroke-width': 0.06 }, svg);
      for (const [a, b] of g.lines || []) {
        const [x1, y1] = place(g.points[a].x, g.points[a].y), [x2, y2] = place(g.points[b].x, g.points[b].y);
        el('line', { x1: x1, y1: y1, x2: x2, y2: y2, stroke: pal.line, 'stroke-width': 0.05 * u, 'stroke-linecap': 'round' }, svg);
      }
      for (const p of g.points) {
        const [x, y] = place(p.x, p.y);
        if (p.mark === 'spotted') el('circle', { cx: x, cy: y, r: 0.2 * u, fill: pal.line }, svg);
        else if (p.mark === 'ringed') {
          el('circle', { cx: x, cy: y, r: 0.18 * u, fill: 'none', stroke: pal.line, 'stroke-width': 0.04 * u }, svg);
          el('circle', { cx: x, cy: y, r: 0.07 * u, fill: pal.line }, svg);
        } else if (p.mark === 'starred') el('path', { d: star(x, y, 0.17 * u), fill: pal.line }, svg);
        else el('circle', { cx: x, cy: y, r: 0.07 * u, fill: pal.line }, svg);
      }
    }
    for (const l of g.labels) {
      const [x, y] = place(l.x, l.y);
      el('text', { x: x, y: y, 'font-size': fs, fill: g.cells ? pal.label : pal.panelLabel, 'text-anchor': 'middle', 'dominant-baseline': 'central' }, svg).textContent = l.text;
    }
    // The last move: its points tinted, its path drawn.
    for (const i of lastSet) {
      const [x, y] = place(g.points[i].x, g.points[i].y);
      if (g.cells) el('rect', { x: x - 0.5, y: y - 0.5, width: 1, height: 1, fill: pal.lastTint, class: 'last' }, svg);
      else el('circle', { cx: x, cy: y, r: 0.45 * u, fill: pal.lastTint, class: 'last' }, svg);
    }
    const byPoint = new Map();
    for (const pc of st.pieces) byPoint.set(pc.point, pc);
    if (st.last && st.last.path.length > 1) lastArrow(svg, u);
    for (const [i, pc] of byPoint) piece(svg, pc, i, u);
    for (const i of takenSet) {
      if (byPoint.has(i) && st.last.path[st.last.path.length - 1] === i) continue; // the capturer stands there now
      const [x, y] = place(g.points[i].x, g.points[i].y), d = 0.18 * u;
      el('path', { d: `M${x - d},${y - d}L${x + d},${y + d}M${x - d},${y + d}L${x + d},${y - d}`, stroke: pal.taken, 'stroke-width': 0.07 * u, 'stroke-linecap': 'round', class: 'mark' }, svg);
    }
    if (st.check !== undefined && st.check !== null) {
      const [x, y] = place(g.points[st.check].x, g.points[st.check].y);
      el('circle', { cx: x, cy: y, r: 0.47, fill: 'none', stroke: pal.tagCheck, 'stroke-width': 0.08, class: 'mark' }, svg);
    }
    const origins = new Set();
    if (canMove()) for (const mv of st.moves) if (mv.path.length) origins.add(mv.path[0]);
    const targets = markChoice();
    // Hit areas: every point taps; those that can act take the keyboard.
    g.points.forEach((p, i) => {
      const [x, y] = place(p.x, p.y);
      const pc = byPoint.get(i);
      const hit = el('circle', { cx: x, cy: y, r: 0.5 * u, class: 'hit', 'data-i': i, role: 'button',
        'aria-label': p.name + (pc ? ', ' + (pc.neutral ? 'neutral' : st.variant.sides[pc.side]) + ' ' + pc.name : '') +
          (i === selected ? ', chosen' : '') + (targets.has(i) ? ', destination' : '') }, svg);
      if (origins.has(i) || targets.has(i)) hit.setAttribute('tabindex', '0');
    });
  }

  // lastArrow draws the last move as an arrow along its path, under the
  // pieces, its head stopping at the edge of the moved piece, as the PNG
  // board draws it.
  function lastArrow(svg, u) {
    const g = st.geometry, pal = st.palette;
    const pts = st.last.path.map((i) => place(g.points[i].x, g.points[i].y));
    const [ex, ey] = pts[pts.length - 1], [px, py] = pts[pts.length - 2];
    const len = Math.hypot(ex - px, ey - py), ux = (ex - px) / len, uy = (ey - py) / len;
    const tip = [ex - ux * 0.36 * u, ey - uy * 0.36 * u], head = 0.2 * u;
    const base = [tip[0] - ux * head, tip[1] - uy * head];
    const line = pts.slice(0, -1).concat([base]).map((p) => p.join(',')).join(' ');
    const wing = (sgn) => [base[0] - uy * head * 0.8 * sgn, base[1] + ux * head * 0.8 * sgn].join(',');
    const arrow = [tip.join(','), wing(1), wing(-1)].join(' ');
    el('polyline', { points: line, fill: 'none', stroke: pal.lastDark, 'stroke-width': 0.16 * u, 'stroke-linecap': 'round', 'stroke-linejoin': 'round', class: 'last' }, svg);
    el('polygon', { points: arrow, fill: pal.lastLight, stroke: pal.lastDark, 'stroke-width': 0.04 * u, 'stroke-linejoin': 'round', class: 'last' }, svg);
    el('polyline', { points: line, fill: 'none', stroke: pal.lastLight, 'stroke-width': 0.08 * u, 'stroke-linecap': 'round', 'stroke-linejoin': 'round', class: 'last' }, svg);
  }

  // markChoice draws the chosen piece and its destinations, under the hit
  // areas, in place of those drawn before; it returns the destinations.
  function markChoice() {
    const svg = $('board'), g = st.geometry, pal = st.palette, u = unit();
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

  function star(x, y, r) {
    let d = '';
    for (let k = 0; k < 10; k++) {
      const a = -Math.PI / 2 + k * Math.PI / 5, q = k % 2 ? r * 0.45 : r;
      d += (k ? 'L' : 'M') + (x + q * Math.cos(a)).toFixed(3) + ',' + (y + q * Math.sin(a)).toFixed(3);
    }
    return d + 'Z';
  }

  function piece(svg, pc, i, u) {
    const p = st.geometry.points[i], pal = st.palette;
    const s = pc.neutral ? pal.neutral : pal.sides[pc.side];
    const [x, y] = place(p.x, p.y);
    const grp = el('g', { class: 'piece', 'data-p': i }, svg);
    if (GLYPHS[pc.look]) {
      el('text', { x: x, y: y + 0.04, 'font-size': 0.82, fill: s.fill, stroke: s.rim, 'stroke-width': 0.035, 'paint-order': 'stroke',
        'text-anchor': 'middle', 'dominant-baseline': 'central' }, grp).textContent = GLYPHS[pc.look];
      return;
    }
    el('circle', { cx: x, cy: y, r: 0.4 * u, fill: s.fill, stroke: s.rim, 'stroke-width': 0.05 * u }, grp);
    el('circle', { cx: x, cy: y, r: 0.28 * u, fill: 'none', stroke: s.ring, 'stroke-width': 0.04 * u }, grp);
    if (pc.look === 'crowned') {
      const w = 0.2 * u, h = 0.15 * u;
      el('path', { d: `M${x - w},${y + h}L${x - w},${y - h}L${x - w / 2},${y}L${x},${y - h * 1.3}L${x + w / 2},${y}L${x + w},${y - h}L${x + w},${y + h}Z`,
        fill: pal.crown, stroke: s.rim, 'stroke-width': 0.025 * u, 'stroke-linejoin': 'round' }, grp);
    } else if (s.dot || pc.look === 'dotted') {
      el('circle', { cx: x, cy: y, r: 0.09 * u, fill: s.rim }, grp);
    }
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
    return post('/moves', { ply: st.ply, move: notation });
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
