// What the lesson and puzzle pages share. zugJSON fetches url and returns
// its JSON body, or throws the server's error message.
"use strict";
window.zugJSON = async (url, opts) => {
  const r = await fetch(url, opts);
  const body = await r.json();
  if (!r.ok) throw new Error(body.error || r.statusText);
  return body;
};

// zugMoves fills box with a button for each move, which calls pick(move).
window.zugMoves = (box, moves, pick) => {
  box.replaceChildren();
  for (const m of moves) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = m;
    b.addEventListener("click", () => pick(m));
    box.appendChild(b);
  }
};

// zugAdder returns add(tag, id, props), which appends to box a new element
// tag with id and props, and returns it.
window.zugAdder = (box) => (tag, id, props) => {
  const e = Object.assign(document.createElement(tag), props || {});
  e.id = id;
  box.appendChild(e);
  return e;
};
