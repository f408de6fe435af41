// The puzzle page: one puzzle of a game after another. The server judges
// each move chosen and answers with the opponent's reply (web/puzzle.go).
"use strict";
(() => {
  const game = location.pathname.split("/").pop();
  const $ = (id) => document.getElementById(id);
  let cur = null;

  const getJSON = window.zugJSON;

  function show(st) {
    cur = st;
    $("title").textContent = `Puzzle ${st.id} · rated ${st.rating}`;
    $("task").textContent = st.task;
    $("lesson-board").src = st.board;
    window.zugMoves($("lesson-moves"), st.moves, (m) => tryMove(m).catch(fail));
  }

  function over() {
    for (const b of $("lesson-moves").children) b.disabled = true;
    $("next").hidden = false;
  }

  async function tryMove(m) {
    const res = await getJSON(`/api/puzzle/${cur.id}/${cur.ply}`, { method: "POST", body: new URLSearchParams({ move: m }) });
    if (!res.correct) {
      $("note").textContent = `${res.move} is not it: the answer was ${res.expected}.`;
      $("note").className = "wrong";
      over();
    } else if (res.solved) {
      $("note").textContent = `${res.move}: solved!`;
      $("note").className = "right";
      over();
    } else {
      $("note").textContent = `${res.move} is right; the answer is ${res.reply}.`;
      $("note").className = "right";
      show(res.next);
    }
  }

  function next() {
    $("note").textContent = "";
    $("next").hidden = true;
    return getJSON(`/api/puzzles/${game}/next`).then(show);
  }

  function fail(e) {
    $("note").textContent = e.message;
    $("note").className = "wrong";
  }

  $("next").addEventListener("click", () => next().catch(fail));
  next().catch(fail);
})();
