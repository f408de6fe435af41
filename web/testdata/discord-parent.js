// A stand-in for the Discord client, for TestActivity*: it frames the
// Activity's page as Discord does (frame_id, instance_id, platform in the
// query) and speaks the Embedded App SDK's postMessage protocol to it:
// the handshake, READY, AUTHORIZE (a code from the fake Discord),
// AUTHENTICATE (the token checked with the fake's /users/@me), SUBSCRIBE,
// GET_ACTIVITY_INSTANCE_CONNECTED_PARTICIPANTS and its update event, and
// CAPTURE_LOG. Everything else it answers with an error, and records.
'use strict';
(function () {
  const q = new URLSearchParams(location.search);
  const user = q.get('user'), instance = q.get('instance'), client = q.get('client');
  const frameId = 'frame-' + user;
  const seen = window.discordSeen = { handshake: null, commands: [], unknown: [], errors: [], subscribed: [] };
  const frame = document.createElement('iframe');
  frame.id = 'activity';
  frame.src = '/?' + new URLSearchParams({ frame_id: frameId, instance_id: instance, platform: 'desktop',
    guild_id: q.get('guild'), channel_id: q.get('channel') }).toString();
  document.body.appendChild(frame);

  const send = (msg) => frame.contentWindow.postMessage(msg, location.origin);
  const reply = (cmd, nonce, data) => send([1, { cmd, nonce, evt: null, data }]);
  const fail = (cmd, nonce, code, message) => send([1, { cmd, nonce, evt: 'ERROR', data: { code, message } }]);
  const get = async (path) => { const r = await fetch(path); if (!r.ok) throw new Error(path + ': ' + r.status); return r.json(); };

  async function participants() {
    return (await get('/discord-test/participants?instance=' + encodeURIComponent(instance))).participants;
  }
  // participantsChanged sends the participants update, as Discord does
  // when someone joins or leaves.
  window.participantsChanged = async () => {
    if (!seen.subscribed.includes('ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE')) throw new Error('the page did not subscribe');
    send([1, { cmd: 'DISPATCH', evt: 'ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE', nonce: null, data: { participants: await participants() } }]);
  };

  window.addEventListener('message', async (e) => {
    if (e.source !== frame.contentWindow || e.origin !== location.origin) return;
    const [op, p] = e.data;
    if (op === 0) { // HANDSHAKE
      seen.handshake = p;
      if (p.v !== 1 || p.encoding !== 'json' || p.client_id !== client || p.frame_id !== frameId) {
        seen.errors.push('bad handshake ' + JSON.stringify(p));
        send([2, { code: 4000, message: 'Invalid handshake' }]);
        return;
      }
      const me = await get('/discord-test/user?id=' + user);
      send([1, { cmd: 'DISPATCH', evt: 'READY', nonce: null, data: {
        v: 1, config: { cdn_host: 'cdn.discordapp.com', api_endpoint: '//discord.com/api', environment: 'production' },
        user: { id: me.id, username: me.username, discriminator: me.discriminator } } }]);
      return;
    }
    if (op !== 1) { seen.errors.push('opcode ' + op); return; }
    seen.commands.push(p.cmd);
    try {
      switch (p.cmd) {
        case 'AUTHORIZE': {
          if (p.args.client_id !== client || p.args.response_type !== 'code' || !p.args.scope.includes('identify')) {
            fail(p.cmd, p.nonce, 4000, 'Invalid authorize arguments');
            return;
          }
          const code = q.get('code') || (await get('/discord-test/code?user=' + user)).code;
          reply(p.cmd, p.nonce, { code });
          return;
        }
        case 'AUTHENTICATE': {
          const r = await fetch('/discord-test/me?token=' + encodeURIComponent(p.args.access_token));
          if (!r.ok) { fail(p.cmd, p.nonce, 4009, 'Invalid access token'); return; }
          const me = await r.json();
          reply(p.cmd, p.nonce, { access_token: p.args.access_token,
            user: { id: me.id, username: me.username, discriminator: me.discriminator, avatar: null, public_flags: 0, global_name: me.global_name },
            scopes: ['identify'], expires: new Date(Date.now() + 7 * 864e5).toISOString(),
            application: { id: client, name: 'zugbot', description: '', icon: null } });
          return;
        }
        case 'SUBSCRIBE':
          seen.subscribed.push(p.evt);
          reply(p.cmd, p.nonce, { evt: p.evt });
          return;
        case 'GET_ACTIVITY_INSTANCE_CONNECTED_PARTICIPANTS':
          reply(p.cmd, p.nonce, { participants: await participants() });
          return;
        case 'CAPTURE_LOG':
          if (p.args.level === 'error') seen.errors.push('console.error: ' + p.args.message);
          reply(p.cmd, p.nonce, null);
          return;
        default:
          seen.unknown.push(p.cmd);
          fail(p.cmd, p.nonce, 4002, 'Unknown command ' + p.cmd);
      }
    } catch (err) {
      seen.errors.push(p.cmd + ': ' + err.message);
      fail(p.cmd, p.nonce, 1000, err.message);
    }
  });
})();
