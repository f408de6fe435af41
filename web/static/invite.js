// An invitation to play: its maker shares its link and waits; anyone else
// takes it up and plays. From GET /api/invites/{id}.
'use strict';
(function () {
  const { $, say, get, post } = window.zug;
  const m = location.pathname.match(/^\/invite\/([0-9a-f]{16})$/);
  if (!m) return;
  const api = '/api/invites/' + m[1];
  let inv = null;

  function describe() {
    const side = { first: inv.sides[0], second: inv.sides[1], random: 'a side drawn at random' }[inv.side];
    return inv.from + ' invites you to ' + inv.variant + (inv.clock ? ', ' + inv.clock + ' on the clock' : ', no clock') +
      (inv.rated ? ', rated' : '') + '. You would play ' + side + '.';
  }
  async function load() {
    try {
      inv = await get(api);
    } catch (e) {
      say(e.message, true);
      return;
    }
    if (inv.game) { location.assign(inv.game); return; }
    $('what').textContent = inv.mine ? 'Your invitation to ' + inv.variant + (inv.clock ? ', ' + inv.clock : '') + '.' : describe();
    if (inv.closed) { say('This invitation is ' + inv.closed + '.', true); $('share').hidden = $('take').hidden = true; return; }
    $('share').hidden = !inv.mine;
    $('take').hidden = inv.mine;
    $('link').value = inv.link;
    if (inv.mine) setTimeout(load, 2000);
  }
  $('copy').addEventListener('click', async () => {
    $('link').select();
    try { await navigator.clipboard.writeText(inv.link); say('Copied.'); } catch (e) { say('Select the link and copy it.'); }
  });
  $('take').addEventListener('submit', async (e) => {
    e.preventDefault();
    const out = await post(api + '/accept', inv.csrf, { name: $('name').value });
    if (out.error) { say(out.error, true); return; }
    location.assign(out.page);
  });
  load();
})();
