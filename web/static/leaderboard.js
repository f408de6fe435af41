// A leaderboard: everyone's (/leaderboard) or a server's
// (/leaderboards/{id}), per game, as Discord's /leaderboard shows it.
'use strict';
(function () {
  const { $, el, say, get } = window.zug;
  const m = location.pathname.match(/^\/leaderboards?(?:\/([0-9a-f]{16}))?$/);
  if (!m) return;
  const api = m[1] ? '/api/leaderboards/' + m[1] : '/api/leaderboard';

  async function load(key) {
    let b;
    try {
      b = await get(api + (key ? '?rating=' + encodeURIComponent(key) : ''));
    } catch (e) {
      say(e.message, true);
      return;
    }
    $('title').textContent = b.name + ' leaderboard, ' + b.scope;
    document.title = 'zugbot: ' + b.name + ' leaderboard';
    const sel = $('rating');
    if (!sel.childElementCount) for (const k of b.keys) el('option', { value: k.key }, sel, k.name);
    sel.value = b.key;
    const body = $('rows').querySelector('tbody');
    body.replaceChildren();
    for (const r of b.rows) {
      const tr = el('tr', {}, body);
      for (const v of [r.rank, r.name, r.rating, r.games, r.wins, r.draws, r.losses]) el('td', {}, tr, String(v));
    }
    $('rows').hidden = b.rows.length === 0;
    $('note').textContent = b.rows.length === 0
      ? 'Nobody here has played ' + b.min_games + ' rated games of ' + b.name + ' yet.'
      : 'Players with at least ' + b.min_games + ' rated games. A ? marks a provisional rating.';
    say('');
  }
  $('rating').addEventListener('change', () => {
    history.replaceState(null, '', location.pathname + '?rating=' + encodeURIComponent($('rating').value));
    load($('rating').value);
  });
  load(new URLSearchParams(location.search).get('rating'));
})();
