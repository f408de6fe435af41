// A finished game's page: step through its moves (buttons, arrow keys, a
// tap on a move, a tap on the analysis graph), with the board at each ply
// (drawn by draw.js, as the live board draws it, from the ply's pieces),
// the clocks as they were, and the record to download.
'use strict';
(function () {
  const { $, el, say, get, post } = window.zug;
  const m = location.pathname.match(/^\/games\/([0-9a-f]{16})$/);
  if (!m) return;
  const base = '/games/' + m[1];
  const SVG = 'http://www.w3.org/2000/svg';
  let g = null, ply = 0;
  const boards = new Map(); // ply: its board, or the request for it

  // board returns the board at ply n, fetched once.
  function board(n) {
    if (!boards.has(n)) {
      const b = get('/api/games/' + m[1] + '/plies/' + n);
      b.catch(() => boards.delete(n)); // asked again next time
      boards.set(n, b);
    }
    return boards.get(n);
  }

  // drawBoard draws the board at ply n, unless the reader has stepped
  // elsewhere meanwhile, and fetches the boards either side of it.
  async function drawBoard(n) {
    let b;
    try {
      b = await board(n);
    } catch (e) {
      say(e.message, true);
      return;
    }
    if (n !== ply) return;
    const st = { geometry: g.geometry, palette: g.palette, variant: { name: g.variant, sides: g.sides }, pieces: b.pieces || [], last: b.last, check: b.check };
    const svg = $('board');
    window.zugDraw.view(st, false).board(svg);
    svg.setAttribute('aria-label', n === 0 ? 'The board at the start' : 'The board after ' + moveName(n - 1));
    document.body.dataset.ply = String(n);
    if (n > 0) board(n - 1);
    if (n < g.moves.length) board(n + 1);
  }

  function clock(ms) {
    const s = Math.ceil(ms / 1000);
    return Math.floor(s / 60) + ':' + String(s % 60).padStart(2, '0');
  }
  function show(n) {
    ply = Math.max(0, Math.min(g.moves.length, n));
    drawBoard(ply);
    $('ply-text').textContent = ply === 0 ? 'The start' : moveName(ply - 1) + (ply === g.moves.length ? ' (the end)' : '');
    for (const b of document.querySelectorAll('#moves button')) b.setAttribute('aria-current', String(Number(b.dataset.ply) === ply));
    if (g.clocks) { $('clock0').textContent = g.sides[0] + ' ' + clock(g.clocks[ply][0]); $('clock1').textContent = g.sides[1] + ' ' + clock(g.clocks[ply][1]); }
    const dot = $('graph').querySelector('.at');
    if (dot && g.wins) { dot.setAttribute('cx', ply); dot.setAttribute('cy', 100 - g.wins[ply]); }
    $('first').disabled = $('prev').disabled = ply === 0;
    $('next').disabled = $('last').disabled = ply === g.moves.length;
  }
  function moveName(i) {
    return (Math.floor(i / 2) + 1) + (i % 2 ? '… ' : '. ') + g.moves[i] + (g.marks ? g.marks[i] : '');
  }
  function drawMoves() {
    const ol = $('moves');
    ol.replaceChildren();
    g.moves.forEach((mv, i) => {
      if (i % 2 === 0) el('li', { class: 'num', 'aria-hidden': 'true' }, ol, (i / 2 + 1) + '.');
      const li = el('li', {}, ol);
      const mark = g.marks ? g.marks[i] : '';
      const b = el('button', { type: 'button', 'data-ply': i + 1, 'aria-label': moveName(i) }, li, mv);
      if (mark) el('span', { class: 'mark-' + mark.replace('!', '').length }, b, mark);
      b.addEventListener('click', () => show(i + 1));
    });
  }
  function drawGraph() {
    if (!g.wins) return;
    const svg = $('graph'), n = g.wins.length - 1;
    svg.removeAttribute('hidden'); // an SVG element has no hidden property
    svg.setAttribute('viewBox', '0 0 ' + Math.max(n, 1) + ' 100');
    svg.setAttribute('preserveAspectRatio', 'none');
    const add = (name, attrs) => { const e = document.createElementNS(SVG, name); for (const k in attrs) e.setAttribute(k, attrs[k]); svg.appendChild(e); return e; };
    add('rect', { x: 0, y: 0, width: Math.max(n, 1), height: 100, fill: '#1b1e25' });
    add('polygon', { points: '0,100 ' + g.wins.map((w, i) => i + ',' + (100 - w)).join(' ') + ' ' + n + ',100', fill: '#d9dde6', opacity: 0.85 });
    add('line', { x1: 0, y1: 50, x2: Math.max(n, 1), y2: 50, stroke: '#5c6370', 'stroke-width': 0.5, 'vector-effect': 'non-scaling-stroke' });
    (g.marks || []).forEach((mk, i) => {
      if (mk) add('line', { x1: i + 1, y1: 0, x2: i + 1, y2: 100, stroke: mk === '??' ? '#ff6b6b' : mk === '?' ? '#ff9f43' : '#f2c14e', 'stroke-width': 1.5, 'vector-effect': 'non-scaling-stroke' });
    });
    add('ellipse', { class: 'at', cx: 0, cy: 50, rx: Math.max(n, 1) / 100, ry: 4, fill: '#f2c14e' });
    svg.addEventListener('click', (e) => {
      const r = svg.getBoundingClientRect();
      show(Math.round((e.clientX - r.left) / r.width * n));
    });
  }
  document.addEventListener('keydown', (e) => {
    if (!g || e.target.tagName === 'INPUT' || e.altKey || e.ctrlKey || e.metaKey) return;
    const to = { ArrowLeft: ply - 1, ArrowRight: ply + 1, Home: 0, End: g.moves.length }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    show(to);
  });
  $('first').addEventListener('click', () => show(0));
  $('prev').addEventListener('click', () => show(ply - 1));
  $('next').addEventListener('click', () => show(ply + 1));
  $('last').addEventListener('click', () => show(g.moves.length));
  $('rematch').addEventListener('click', async () => {
    const out = await post('/api/games/' + m[1] + '/rematch', g.csrf);
    if (out.status === 202) { say(out.error); return; }
    if (out.error) { say(out.error, true); return; }
    location.assign(out.page);
  });

  (async function load() {
    try {
      g = await get('/api/games/' + m[1] + '/replay');
    } catch (e) {
      say(e.message, true);
      return;
    }
    document.title = 'zugbot: ' + g.variant + ', ' + g.players[0] + ' – ' + g.players[1];
    $('title').textContent = g.variant + ': ' + g.players[0] + ' (' + g.sides[0] + ') – ' + g.players[1] + ' (' + g.sides[1] + ')';
    $('result').textContent = g.result;
    $('clocks').hidden = !g.clocks;
    $('record').href = base + '/record.txt';
    $('gif').href = base + '/replay.gif';
    $('rules').href = g.rules;
    $('rematch').hidden = !g.player || !g.over;
    drawMoves();
    drawGraph();
    show(g.moves.length);
  })();
})();
