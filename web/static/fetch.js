// zugJSON fetches url and returns its JSON body, or throws the server's
// error message: shared by the lesson and puzzle pages.
"use strict";
window.zugJSON = async (url, opts) => {
  const r = await fetch(url, opts);
  const body = await r.json();
  if (!r.ok) throw new Error(body.error || r.statusText);
  return body;
};
