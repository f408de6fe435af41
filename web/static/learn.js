// The lessons of one game, step by step: the lesson page (/learn/{game})
// and the Activity's lessons (activity.js) both call zugLessons. Each step
// shows a board, a task and the legal moves; the server judges the move
// chosen and explains it (web/learn.go).
"use strict";
window.zugLessons = (box, game) => {
  const getJSON = window.zugJSON;
  const add = window.zugAdder(box);
  const title = add("h1", "learn-title", { textContent: "zugbot lessons" });
  const heading = add("h2", "lesson");
  const intro = add("p", "intro");
  const task = add("p", "task");
  task.setAttribute("role", "status");
  const board = add("img", "lesson-board", { alt: "the board" });
  const note = add("p", "note");
  note.setAttribute("role", "alert");
  const moves = add("div", "lesson-moves");
  const next = Object.assign(document.createElement("button"), { type: "button", id: "next", textContent: "Next step", hidden: true });
  add("p", "lesson-controls").appendChild(next);
  const final = add("p", "final", { hidden: true });
  let course = null, lesson = 0, step = 0;

  function stepURL() {
    return `/api/learn/${game}/${course.lessons[lesson].key}/${step}`;
  }

  async function show() {
    const l = course.lessons[lesson];
    heading.textContent = `${l.title} (step ${step + 1} of ${l.steps})`;
    intro.textContent = step === 0 ? l.intro : "";
    next.hidden = true;
    note.textContent = "";
    note.className = "";
    const st = await getJSON(stepURL());
    task.textContent = st.task;
    board.src = st.board;
    window.zugMoves(moves, st.moves, (m) => tryMove(m).catch(fail));
  }

  async function tryMove(m) {
    const body = new URLSearchParams({ move: m });
    const res = await getJSON(stepURL(), { method: "POST", body });
    note.textContent = res.explain;
    note.className = res.done ? "right" : "wrong";
    if (res.done) {
      for (const b of moves.children) b.disabled = true;
      const last = lesson === course.lessons.length - 1 && step === course.lessons[lesson].steps - 1;
      if (last) {
        final.textContent = course.final;
        final.hidden = false;
      } else {
        next.hidden = false;
      }
    }
  }

  next.addEventListener("click", () => {
    step++;
    if (step >= course.lessons[lesson].steps) {
      lesson++;
      step = 0;
    }
    show().catch(fail);
  });

  function fail(e) {
    note.textContent = e.message;
    note.className = "wrong";
  }

  getJSON(`/api/learn/${game}`).then((c) => {
    course = c;
    title.textContent = `Learn ${c.name}`;
    if (document.body.dataset.page === "lessons") document.title = `Learn ${c.name} · zugbot`;
    return show();
  }).catch(fail);
};

if (document.body.dataset.page === "lessons") {
  window.zugLessons(document.getElementById("lessons"), location.pathname.split("/").pop());
}
