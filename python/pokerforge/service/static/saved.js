// Saved ranges: a range player's range kept in the browser under a name, listed, loaded
// into the player being edited on the grid, and deleted.
import { t } from "./i18n.js";
import { $, option } from "./page.js";
import { load, store } from "./prefs.js";
import { setRange } from "./range-panel.js";
import { state } from "./state.js";

const KEY = "pokerforge.ranges";
const MAX_NAME = 40;

// {name: range text}, the names in the order saved.
const saved = () => {
  const found = load(KEY, {});
  return found && typeof found === "object" && !Array.isArray(found) ? found : {};
};

function note(key, vars) {
  $("saved-note").textContent = key ? t(key, vars) : "";
}

function list(chosen) {
  const ranges = saved();
  const pick = $("saved-pick");
  const names = Object.keys(ranges).sort((a, b) => a.localeCompare(b));
  pick.replaceChildren(...names.map((name) => {
    const o = option(name, name);
    o.title = ranges[name];
    return o;
  }));
  if (!names.length) pick.append(option("", t("saved.none")));
  if (chosen && names.includes(chosen)) pick.value = chosen;
  pick.disabled = $("saved-load").disabled = $("saved-delete").disabled = !names.length;
}

function save() {
  const name = $("saved-name").value.trim().slice(0, MAX_NAME);
  const p = state.gridPlayer;
  const text = p === null ? "" : state.players[p].range.trim();
  if (!name) return note("saved.noname");
  if (!text) return note("saved.empty");
  const ranges = saved();
  const again = name in ranges;
  ranges[name] = text;
  if (!store(KEY, ranges)) return note("saved.refused");
  $("saved-name").value = "";
  list(name);
  return note(again ? "saved.replaced" : "saved.done", { name });
}

function loadChosen() {
  const name = $("saved-pick").value;
  const text = saved()[name];
  if (text === undefined || state.gridPlayer === null) return;
  setRange(state.gridPlayer, text);
  note("saved.loaded", { name, n: state.gridPlayer + 1 });
}

function remove() {
  const name = $("saved-pick").value;
  const ranges = saved();
  if (!(name in ranges)) return;
  delete ranges[name];
  store(KEY, ranges);
  list();
  note("saved.deleted", { name });
}

export function wireSaved() {
  $("saved-save").addEventListener("click", save);
  $("saved-name").addEventListener("keydown", (e) => {
    if (e.key === "Enter") { e.preventDefault(); save(); }
  });
  $("saved-load").addEventListener("click", loadChosen);
  $("saved-delete").addEventListener("click", remove);
  list();
  // Another tab saving or deleting: the list follows.
  window.addEventListener("storage", (e) => { if (e.key === KEY) list($("saved-pick").value); });
}

export function relabelSaved() {
  note("");
  list($("saved-pick").value);
}
