// zugbot's pages around the board share these: fetching JSON, posting with
// the page's CSRF value, building elements, saying things.
'use strict';
window.zug = (function () {
  const $ = (id) => document.getElementById(id);
  function el(name, attrs, parent, text) {
    const e = document.createElement(name);
    for (const k in attrs || {}) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    if (parent) parent.appendChild(e);
    return e;
  }
  function say(text, error) {
    const s = $('status');
    s.textContent = text || '';
    s.classList.toggle('error', !!error);
  }
  async function get(url) {
    const r = await fetch(url, { credentials: 'same-origin' });
    const body = await r.json().catch(() => ({ error: 'The server answered ' + r.status + '.' }));
    if (!r.ok) throw new Error(body.error || 'The server answered ' + r.status + '.');
    return body;
  }
  async function post(url, csrf, body) {
    let r;
    try {
      r = await fetch(url, { method: 'POST', credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', 'X-Zugbot-CSRF': csrf }, body: JSON.stringify(body || {}) });
    } catch (e) {
      return { error: 'The connection to the server was lost: try again.' };
    }
    const out = await r.json().catch(() => ({ error: 'The server answered ' + r.status + '.' }));
    if (!r.ok && !out.error) out.error = 'The server answered ' + r.status + '.';
    out.status = r.status;
    return out;
  }
  function gameItem(list, g) {
    const li = el('li', {}, list);
    const a = el('a', { href: g.page }, li);
    el('span', {}, a, g.players[0] + ' – ' + g.players[1]);
    el('span', { class: 'dim' }, a, g.variant + (g.clock ? ' · ' + g.clock : '') + (g.result ? ' · ' + g.result : ' · move ' + (Math.floor(g.ply / 2) + 1)));
  }
  return { $, el, say, get, post, gameItem };
})();
