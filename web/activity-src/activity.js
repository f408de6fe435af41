// zugbot's live board as a Discord Activity. Inside Discord's iframe the
// Embedded App SDK handshakes with the client, asks the player to
// authorize zugbot (an OAuth2 code), and zugbot's server exchanges the
// code, checks that the player is in this activity instance, and opens a
// session. The page then shows the channel's game with the live board
// (board.js), or offers to start one; and it offers the lessons
// (learn.js) and puzzles (puzzle.js), rated for the player as /puzzle
// rates them.
import { DiscordSDK, Events } from '@discord/embedded-app-sdk';

const $ = (id) => document.getElementById(id);

// panel is the Activity's own strip above the board: what it is doing,
// who is here, and the form that starts a game.
function panel() {
  const box = document.createElement('section');
  box.id = 'activity';
  const status = document.createElement('p');
  status.id = 'activity-status';
  status.setAttribute('role', 'status');
  status.textContent = 'Connecting to Discord…';
  const people = document.createElement('p');
  people.id = 'participants';
  people.className = 'dim';
  const form = document.createElement('form');
  form.id = 'start';
  form.hidden = true;
  const add = (tag, props, text) => {
    const e = Object.assign(document.createElement(tag), props);
    if (text) e.textContent = text;
    form.appendChild(e);
  };
  add('label', { htmlFor: 'start-variant' }, 'Game');
  add('select', { id: 'start-variant' });
  add('label', { htmlFor: 'start-opponent' }, 'against');
  add('select', { id: 'start-opponent' });
  add('button', { type: 'submit', id: 'start-submit' }, 'Start');
  box.append(status, people, form);
  const main = document.querySelector('main');
  main.insertBefore(box, main.firstChild);
  return { box, status, people, form };
}

async function api(path, opts, csrf) {
  const headers = { 'Content-Type': 'application/json' };
  if (csrf) headers['X-Zugbot-CSRF'] = csrf;
  const r = await fetch(path, Object.assign({ credentials: 'same-origin', cache: 'no-store', headers }, opts || {}));
  const body = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error(body.error || ('The server answered ' + r.status + '.'));
  return body;
}

// load adds the page's script at src, once, and resolves when it has run.
function load(src) {
  return new Promise((resolve, reject) => {
    if (document.querySelector(`script[src="${src}"]`)) { resolve(); return; }
    const s = document.createElement('script');
    s.src = src;
    s.onload = () => resolve();
    s.onerror = () => reject(new Error('zugbot could not load ' + src + '.'));
    document.head.appendChild(s);
  });
}

// practise adds the entries to the lessons and the puzzles to the strip,
// while no game goes on in the channel: a game to choose and two buttons.
// The lessons (learn.js) or the puzzles (puzzle.js) take the page's place
// (hidden, and still looking for the channel's game) until Back.
function practise(box, variants, say) {
  const form = document.createElement('form');
  form.id = 'practise';
  const sel = Object.assign(document.createElement('select'), { id: 'puzzle-variant' });
  for (const v of variants) sel.append(new Option(v.name, v.id));
  const learnGo = Object.assign(document.createElement('button'), { type: 'button', id: 'learn-go', textContent: 'Learn' });
  form.append(Object.assign(document.createElement('label'), { htmlFor: 'puzzle-variant', textContent: 'Practise' }), sel,
    learnGo, Object.assign(document.createElement('button'), { type: 'submit', id: 'puzzle-go', textContent: 'Solve puzzles' }));
  box.appendChild(form);
  // open shows script's section id, made by run(section, game), in the
  // page's place, with its Back button backId.
  const open = async (script, id, backId, run) => {
    try {
      await load('/static/fetch.js');
      await load(script);
    } catch (err) {
      say(err.message, true);
      return;
    }
    const main = document.querySelector('main');
    const shown = [...main.children, ...box.querySelectorAll('form')].filter((c) => c !== box && !c.hidden);
    for (const c of shown) c.hidden = true;
    const section = Object.assign(document.createElement('section'), { id });
    main.appendChild(section);
    run(section, sel.value);
    const back = Object.assign(document.createElement('button'), { type: 'button', id: backId, textContent: 'Back' });
    back.addEventListener('click', () => {
      section.remove();
      // The forms stay hidden if a game was found meanwhile.
      const game = !!document.documentElement.dataset.game;
      for (const c of shown) c.hidden = game && (c.id === 'start' || c.id === 'practise');
    });
    section.appendChild(back);
  };
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    open('/static/puzzle.js', 'puzzles', 'puzzle-back', (section, game) => window.zugPuzzles(section, game));
  });
  learnGo.addEventListener('click', () => open('/static/learn.js', 'lessons', 'lesson-back', (section, game) => window.zugLessons(section, game)));
}

// showBoard hands the game whose public id is id to the live board:
// board.js reads it from the page and takes over the board, its controls
// and its live updates.
function showBoard(id) {
  if (document.documentElement.dataset.game) return;
  document.documentElement.dataset.game = String(id);
  const s = document.createElement('script');
  s.src = '/static/board.js';
  document.head.appendChild(s);
}

async function main() {
  const ui = panel();
  const say = (text, error) => { ui.status.textContent = text; ui.status.className = error ? 'error' : ''; };
  try {
    const cfg = await api('/api/activity/config');
    const sdk = new DiscordSDK(cfg.client_id);
    await sdk.ready();
    say('Signing in…');
    const { code } = await sdk.commands.authorize({
      client_id: cfg.client_id, response_type: 'code', state: '', prompt: 'none', scope: ['identify'],
    });
    const me = await api('/api/activity/token', { method: 'POST', body: JSON.stringify({ code, instance_id: sdk.instanceId }) });
    await sdk.commands.authenticate({ access_token: me.access_token });
    practise(ui.box, cfg.puzzles || [], say);

    let participants = [];
    const showPeople = (list) => {
      participants = list;
      ui.people.textContent = 'Here: ' + list.map((p) => p.nickname || p.global_name || p.username).join(', ');
      const sel = $('start-opponent');
      const keep = sel.value;
      sel.replaceChildren();
      for (const p of list) {
        if (p.id === me.user.id) continue;
        sel.append(new Option(p.nickname || p.global_name || p.username, p.id));
      }
      sel.append(new Option('zugbot (the AI)', 'ai'));
      if ([...sel.options].some((o) => o.value === keep)) sel.value = keep;
    };
    await sdk.subscribe(Events.ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE, (ev) => showPeople(ev.participants));
    showPeople((await sdk.commands.getInstanceConnectedParticipants()).participants);

    const found = (g) => {
      ui.form.hidden = true;
      $('practise').hidden = true;
      say(g.player ? 'You play game #' + g.game + '.' : 'You are watching game #' + g.game + '.');
      showBoard(g.page);
    };
    if (me.game) { found(me); return; }

    const vsel = $('start-variant');
    for (const v of cfg.variants) vsel.append(new Option(v.name, v.id));
    ui.form.hidden = false;
    say('No game is going on in this channel: start one, or wait for someone to.');
    ui.form.addEventListener('submit', async (e) => {
      e.preventDefault();
      $('start-submit').disabled = true;
      try {
        found(await api('/api/activity/games', { method: 'POST', body: JSON.stringify({ variant: vsel.value, opponent: $('start-opponent').value }) }, me.csrf));
      } catch (err) {
        say(err.message, true);
      } finally {
        $('start-submit').disabled = false;
      }
    });
    // Someone else may start the channel's game: look for it now and then.
    const look = async () => {
      if (document.documentElement.dataset.game) return;
      try {
        const g = await api('/api/activity/game');
        if (g.game) { found(g); return; }
      } catch (err) {
        say(err.message, true);
      }
      setTimeout(look, 2000);
    };
    setTimeout(look, 2000);
  } catch (err) {
    say('zugbot could not start here: ' + (err && err.message ? err.message : String(err)), true);
  }
}

main();
