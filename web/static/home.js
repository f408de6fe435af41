// zugbot's home page: a new game against zugbot or a friend, the reader's
// games, the listed live games and the four games, from GET /api/home.
'use strict';
(function () {
  const { $, el, say, get, post, gameItem } = window.zug;
  let home = null;

  function variant() {
    const id = (document.querySelector('input[name=variant]:checked') || {}).value;
    for (const g of home.games) for (const v of g.variants) if (v.id === id) return v;
    return home.games[0].variants[0];
  }
  function sides() {
    const v = variant(), side = $('side'), was = side.value || 'first';
    side.replaceChildren();
    el('option', { value: 'first' }, side, v.sides[0] + ' (moves first)');
    el('option', { value: 'second' }, side, v.sides[1]);
    el('option', { value: 'random' }, side, 'Either, at random');
    side.value = was;
  }
  function draw() {
    $('you-name').textContent = home.you.name;
    if (home.you.page) { $('you-page').href = home.you.page; $('you-page').hidden = false; }
    const vs = $('variants');
    if (!vs.childElementCount) {
      for (const g of home.games) {
        for (const v of g.variants) {
          const l = el('label', {}, vs);
          const i = el('input', { type: 'radio', name: 'variant', value: v.id }, l);
          if (vs.childElementCount === 1) i.checked = true;
          i.addEventListener('change', sides);
          el('span', {}, l, v.name);
        }
      }
      for (const l of home.levels) el('option', { value: l.level }, $('level'), l.level + ': ' + l.name);
      $('level').value = String(home.levels[Math.min(2, home.levels.length - 1)].level);
      for (const c of home.clocks) el('option', { value: c }, $('clock'), c + ' (minutes + seconds a move)');
      sides();
      const cards = $('games');
      for (const g of home.games) {
        const c = el('article', { class: 'card' }, cards);
        el('img', { src: g.picture, alt: g.name + ' at the start', width: 400, height: 400 }, c);
        el('h3', {}, c, g.name);
        el('p', {}, c, g.summary);
        el('a', { href: g.rules, rel: 'noopener' }, el('p', {}, c), 'The rules of ' + g.name);
      }
    }
    $('playing').replaceChildren();
    for (const g of home.playing) gameItem($('playing'), g);
    $('yours').hidden = home.playing.length === 0;
    $('live').replaceChildren();
    for (const g of home.live) gameItem($('live'), g);
    $('watch').hidden = home.live.length === 0;
  }
  async function start(url, body) {
    say('Starting…');
    const out = await post(url, home.csrf, body);
    if (out.error) { say(out.error, true); return; }
    location.assign(out.page);
  }
  $('new-game').addEventListener('submit', (e) => {
    e.preventDefault();
    start('/api/home/ai', { variant: variant().id, level: Number($('level').value), side: $('side').value,
      clock: $('clock').value, listed: $('listed').checked, name: $('name').value });
  });
  $('invite').addEventListener('click', () => {
    start('/api/home/invite', { variant: variant().id, side: $('side').value, clock: $('clock').value,
      rated: $('rated').checked, name: $('name').value });
  });

  (async function load() {
    try {
      home = await get('/api/home');
      $('rated').checked = false;
      draw();
    } catch (e) {
      say(e.message, true);
    }
  })();
})();
