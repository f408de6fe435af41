// The board in SVG, drawn from a game's state (the JSON of GET
// /api/games/{id}, or a replay's ply): the live board (board.js) and the
// replay (replay.js) both draw with it, as the PNG board draws a game.
'use strict';
window.zugDraw = (function () {
  const NS = 'http://www.w3.org/2000/svg';
  const GLYPHS = { king: '\u265A', queen: '\u265B', rook: '\u265C', bishop: '\u265D', knight: '\u265E', pawn: '\u265F\uFE0E' };

  function el(name, attrs, parent) {
    const e = document.createElementNS(NS, name);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }

  // turned reports whether st's board is drawn turned a quarter: on a
  // narrow portrait screen, for a board much wider than tall (Zonal
  // Chess's 16 files), so that its cells stay big enough to tap.
  function turned(st) {
    const g = st.geometry;
    return g.width >= 1.6 * g.height && window.innerWidth < 600 && window.innerHeight > window.innerWidth;
  }

  // view returns the drawing of state st (its geometry, palette, variant,
  // pieces, last move and check), with the second side at the bottom when
  // flipped: place gives the SVG coordinates of a board point, unit the
  // spacing of the points, and board(svg) draws the board, the last move
  // and the pieces into svg and returns the pieces by point.
  function view(st, flipped) {
    const isTurned = turned(st);
    function place(x, y) {
      const g = st.geometry;
      if (flipped) { x = g.width - x; y = g.height - y; }
      return isTurned ? [y, x] : [x, g.height - y];
    }

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

    function board(svg) {
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
      svg.setAttribute('aria-label', st.variant.name + ' board, ' + (flipped ? st.variant.sides[1] : st.variant.sides[0]) + ' at the bottom');
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
      return byPoint;
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

    return { place, unit, board };
  }

  return { el, turned, view };
})();
