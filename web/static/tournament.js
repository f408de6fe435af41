// zugbot's tournament page: the current round's boards, small and
// read-only, and the standings, from GET /api/tournaments/{id}, refetched
// on each change of /api/tournaments/{id}/live.
'use strict';
(function () {
  const NS = 'http://www.w3.org/2000/svg';
  const GLYPHS = { king: '\u265A', queen: '\u265B', rook: '\u265C', bishop: '\u265D', knight: '\u265E', pawn: '\u265F\uFE0E' };
  const $ = (id) => document.getElementById(id);
  const m = location.pathname.match(/^\/tournaments\/([0-9a-f]{16})$/);
  if (!m) return;
  const api = '/api/tournaments/' + m[1];

  function el(name, attrs, parent) {
    const e = document.createElementNS(NS, name);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }

  // board draws a position small: cells or points and lines, and pieces.
  function board(pos, label) {
    const g = pos.geometry, pal = pos.palette;
    const svg = el('svg', { class: 'mini', role: 'img', 'aria-label': label, viewBox: [-0.6, -0.6, g.width + 1.2, g.height + 1.2].join(' ') });
    const at = (p) => [p.x, g.height - p.y];
    if (!g.cells) el('rect', { x: -0.6, y: -0.6, width: g.width + 1.2, height: g.height + 1.2, fill: pal.panel }, svg);
    for (const [a, b] of g.lines || []) {
      const [x1, y1] = at(g.points[a]), [x2, y2] = at(g.points[b]);
      el('line', { x1, y1, x2, y2, stroke: pal.line, 'stroke-width': 0.05 }, svg);
    }
    if (g.cells) {
      for (const p of g.points) {
        const [x, y] = at(p), mark = { tinted: 1, gilded: 2 }[p.mark] || 0;
        el('rect', { x: x - 0.5, y: y - 0.5, width: 1, height: 1, fill: pal.cells[mark][p.shade || 0] }, svg);
      }
    }
    for (const pc of pos.pieces || []) {
      const [x, y] = at(g.points[pc.point]), s = pc.neutral ? pal.neutral : pal.sides[pc.side];
      if (GLYPHS[pc.look]) {
        el('text', { x, y: y + 0.04, 'font-size': 0.82, fill: s.fill, stroke: s.rim, 'stroke-width': 0.035, 'paint-order': 'stroke',
          'text-anchor': 'middle', 'dominant-baseline': 'central', class: 'piece' }, svg).textContent = GLYPHS[pc.look];
      } else {
        el('circle', { cx: x, cy: y, r: 0.38, fill: s.fill, stroke: s.rim, 'stroke-width': 0.05, class: 'piece' }, svg);
      }
    }
    return svg;
  }

  function show(t) {
    document.title = 'Tournament #' + t.id + ' · zugbot';
    $('title').textContent = t.variant + ' tournament #' + t.id + ' (' + t.format + ')';
    $('status').textContent = t.state === 'open' ? 'Players are joining.' : t.state === 'finished' ? 'The tournament is over.' : 'The tournament is ' + t.state + '.';
    $('round').textContent = t.round ? 'Round ' + t.round + ' of ' + t.rounds : 'Boards';
    const boards = t.boards.map((b) => {
      const title = 'Board ' + b.board + ': ' + b.white + (b.black ? ' – ' + b.black : '') + (b.result ? ' ' + b.result : '');
      const box = document.createElement(b.game ? 'a' : 'div');
      box.className = 'mini-board';
      if (b.game) box.href = '/games/' + b.game;
      if (b.position) box.appendChild(board(b.position, title));
      const cap = document.createElement('span');
      cap.textContent = title;
      box.appendChild(cap);
      return box;
    });
    $('boards').replaceChildren(...boards);
    const rows = t.standings.map((s) => {
      const tr = document.createElement('tr');
      for (const v of [s.rank, s.name, s.points, s.tieBreak, s.games]) {
        const td = document.createElement('td');
        td.textContent = String(v);
        tr.appendChild(td);
      }
      return tr;
    });
    $('standings').tBodies[0].replaceChildren(...rows);
    document.body.dataset.loads = String(Number(document.body.dataset.loads || 0) + 1);
  }

  let loading = false, again = false;
  async function load() {
    if (loading) { again = true; return; }
    loading = true;
    try {
      const r = await fetch(api, { cache: 'no-store' });
      const body = await r.json();
      if (!r.ok) $('status').textContent = body.error || 'The tournament could not be loaded.';
      else show(body);
    } catch (e) {
      $('status').textContent = 'The connection to the server was lost; retrying…';
    } finally {
      loading = false;
      if (again) { again = false; load(); }
    }
  }

  const live = new EventSource(api + '/live');
  live.addEventListener('change', load);
  live.addEventListener('open', load);
  load();
})();
