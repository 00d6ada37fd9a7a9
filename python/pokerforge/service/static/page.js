// Small pieces every part of the page uses: element lookup, the service's JSON API,
// the URL (which holds the question) and <option> elements.
import { canUndo, serialize } from "./state.js";

export const $ = (id) => document.getElementById(id);

export async function post(path, body) {
  const answer = await fetch(path, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  return { ok: answer.ok, data: await answer.json() };
}

// Writes the question into the URL (no new history entry) and enables Undo when it can.
export function saveUrl() {
  history.replaceState(null, "", "#" + serialize());
  $("undo").disabled = !canUndo();
}

export function option(value, text) {
  const o = document.createElement("option");
  o.value = value;
  o.textContent = text;
  return o;
}
