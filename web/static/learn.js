// The lesson page: the course of one game, step by step. Each step shows
// a board, a task and the legal moves; the server judges the move chosen
// and explains it (web/learn.go).
"use strict";
(() => {
  const game = location.pathname.split("/").pop();
  const $ = (id) => document.getElementById(id);
  let course = null, lesson = 0, step = 0;

  const getJSON = window.zugJSON;

  function stepURL() {
    return `/api/learn/${game}/${course.lessons[lesson].key}/${step}`;
  }

  async function show() {
    const l = course.lessons[lesson];
    $("lesson").textContent = `${l.title} (step ${step + 1} of ${l.steps})`;
    $("intro").textContent = step === 0 ? l.intro : "";
    $("next").hidden = true;
    $("note").textContent = "";
    $("note").className = "";
    const st = await getJSON(stepURL());
    $("task").textContent = st.task;
    $("lesson-board").src = st.board;
    window.zugMoves($("lesson-moves"), st.moves, (m) => tryMove(m).catch(fail));
  }

  async function tryMove(m) {
    const body = new URLSearchParams({ move: m });
    const res = await getJSON(stepURL(), { method: "POST", body });
    $("note").textContent = res.explain;
    $("note").className = res.done ? "right" : "wrong";
    if (res.done) {
      for (const b of $("lesson-moves").children) b.disabled = true;
      const last = lesson === course.lessons.length - 1 && step === course.lessons[lesson].steps - 1;
      if (last) {
        $("final").textContent = course.final;
        $("final").hidden = false;
      } else {
        $("next").hidden = false;
      }
    }
  }

  $("next").addEventListener("click", () => {
    step++;
    if (step >= course.lessons[lesson].steps) {
      lesson++;
      step = 0;
    }
    show().catch(fail);
  });

  function fail(e) {
    $("note").textContent = e.message;
    $("note").className = "wrong";
  }

  getJSON(`/api/learn/${game}`).then((c) => {
    course = c;
    $("title").textContent = `Learn ${c.name}`;
    document.title = `Learn ${c.name} · zugbot`;
    return show();
  }).catch(fail);
})();
