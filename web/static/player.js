// A player's page: their ratings, each with its history as a small chart,
// their record, and the games of theirs the reader may see.
'use strict';
(function () {
  const { $, el, say, get, gameItem } = window.zug;
  const m = location.pathname.match(/^\/players\/([0-9a-f]{16})$/);
  if (!m) return;
  const SVG = 'http://www.w3.org/2000/svg';

  function chart(parent, points, label) {
    if (!points || points.length < 2) return;
    const lo = Math.min(...points) - 10, hi = Math.max(...points) + 10, n = points.length - 1;
    const svg = document.createElementNS(SVG, 'svg');
    svg.setAttribute('class', 'history');
    svg.setAttribute('role', 'img');
    svg.setAttribute('aria-label', label);
    svg.setAttribute('viewBox', '0 0 ' + n + ' 100');
    svg.setAttribute('preserveAspectRatio', 'none');
    const line = document.createElementNS(SVG, 'polyline');
    line.setAttribute('points', points.map((p, i) => i + ',' + (100 - (p - lo) / (hi - lo) * 100)).join(' '));
    line.setAttribute('fill', 'none');
    line.setAttribute('stroke', '#f2c14e');
    line.setAttribute('stroke-width', '2');
    line.setAttribute('vector-effect', 'non-scaling-stroke');
    svg.appendChild(line);
    parent.appendChild(svg);
  }
  (async function load() {
    let p;
    try {
      p = await get('/api/players/' + m[1]);
    } catch (e) {
      say(e.message, true);
      return;
    }
    document.title = 'zugbot: ' + p.name;
    $('name').textContent = p.name;
    $('record').textContent = 'All games: ' + p.record.Wins + ' wins, ' + p.record.Draws + ' draws, ' + p.record.Losses + ' losses.';
    $('no-ratings').hidden = p.ratings.length > 0;
    for (const r of p.ratings) {
      const c = el('article', { class: 'card' }, $('ratings'));
      el('h3', {}, c, r.name + ': ' + r.rating);
      el('p', { class: 'dim' }, c, 'Peak ' + r.peak + ' · ' + r.games + ' rated games: ' + r.wins + ' wins, ' + r.draws + ' draws, ' + r.losses + ' losses');
      chart(c, r.history, 'Rating in ' + r.name + ', game by game, from ' + (r.history || [])[0] + ' to ' + r.rating);
    }
    for (const g of p.playing) gameItem($('playing'), g);
    $('playing-section').hidden = p.playing.length === 0;
    for (const g of p.recent) gameItem($('recent'), g);
    if (p.recent.length === 0) el('li', { class: 'dim' }, $('recent'), 'None to show.');
  })();
})();
