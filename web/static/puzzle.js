// Puzzles of one game, one after another: the puzzle page (/puzzles/{game})
// and the Activity's puzzles (activity.js) both call zugPuzzles. The server
// judges each move chosen and answers with the opponent's reply, or with
// the end of the attempt and, for a first attempt, the rating change
// (web/puzzle.go); it knows who solves from the request's cookie.
"use strict";
window.zugPuzzles = (box, game) => {
  const getJSON = window.zugJSON;
  const add = window.zugAdder(box);
  const title = add("h1", "puzzle-title", { textContent: "zugbot puzzles" });
  const you = add("p", "puzzle-you", { className: "dim" });
  const task = add("p", "task");
  task.setAttribute("role", "status");
  const board = add("img", "lesson-board", { alt: "the board" });
  const note = add("p", "note");
  note.setAttribute("role", "alert");
  const moves = add("div", "lesson-moves");
  const controls = add("p", "puzzle-controls");
  const button = (id, text) => {
    const b = Object.assign(document.createElement("button"), { type: "button", id, textContent: text });
    controls.appendChild(b);
    return b;
  };
  const give = button("give", "Show the answer");
  const next = button("next", "Another puzzle");
  next.hidden = true;
  let cur = null, csrf = "";

  function show(st) {
    cur = st;
    title.textContent = `Puzzle ${st.id} · rated ${st.rating}`;
    task.textContent = st.task;
    board.src = st.board;
    window.zugMoves(moves, st.moves, (m) => answer(`/api/puzzle/${cur.id}/${cur.ply}`, m).catch(fail));
  }

  function say(text, right) {
    note.textContent = text;
    note.className = right ? "right" : "wrong";
  }

  // over ends the attempt: the moves and the answer are no longer offered.
  function over(res) {
    for (const b of moves.children) b.disabled = true;
    give.hidden = true;
    next.hidden = false;
    title.textContent = `Puzzle ${cur.id} · rated ${res.rating}`;
    if (!res.rated) return " You had tried this puzzle before, so your rating stays.";
    const sign = res.change >= 0 ? "+" : "−";
    return ` Your puzzle rating: ${res.before} → ${res.after} (${sign}${Math.abs(res.change)}).`;
  }

  async function answer(url, move) {
    const opts = { method: "POST", headers: { "X-Zugbot-CSRF": csrf } };
    if (move) opts.body = new URLSearchParams({ move });
    const res = await getJSON(move ? url : url + "/answer", opts);
    if (!move) {
      say(`The answer was ${res.expected}.` + over(res), false);
    } else if (!res.correct) {
      say(`${res.move} is not it: the answer was ${res.expected}.` + over(res), false);
    } else if (res.solved) {
      say(`${res.move}: solved!` + over(res), true);
    } else {
      say(`${res.move} is right; the answer is ${res.reply}.`, true);
      show(res.next);
    }
  }

  async function draw() {
    note.textContent = "";
    next.hidden = true;
    give.hidden = false;
    const st = await getJSON(`/api/puzzles/${game}/next`);
    csrf = st.csrf;
    const n = st.tried === 1 ? "1 puzzle" : `${st.tried || 0} puzzles`;
    you.textContent = `Your puzzle rating: ${st.you}, after ${n}. Only your first try at a puzzle counts.`;
    show(st);
  }

  function fail(e) {
    say(e.message, false);
  }

  give.addEventListener("click", () => answer(`/api/puzzle/${cur.id}/${cur.ply}`, "").catch(fail));
  next.addEventListener("click", () => draw().catch(fail));
  draw().catch(fail);
};

if (document.body.dataset.page === "puzzles") {
  window.zugPuzzles(document.getElementById("puzzles"), location.pathname.split("/").pop());
}
