// Range players: the text field with its combination count and errors, and the grid
// editor of the player being edited. The service reads every range (POST /v1/range);
// `readings[p]` keeps its answer for player p ({text, combos, total, classes, read} or
// {error, read}).
import { comboPicker } from "./combos.js";
import { rangeEditor } from "./grid.js";
import { t } from "./i18n.js";
import { $, post, saveUrl } from "./page.js";
import { refusalText } from "./refusal.js";
import { change, isRangePlayer, knownCards, shape, state } from "./state.js";

export const readings = [];
let editor = null;
let picker = null;

const readClasses = (p) => (readings[p] && readings[p].classes) || {};

// Builds the grid editor in #grid and its suit picker in #combo-box.
export function createEditor() {
  picker = comboPicker({ weight: gridWeight, onPick: paint });
  editor = rangeEditor($("grid"), {
    weight: gridWeight,
    onPaint: paint,
    onOpen: (hand) => picker.open(hand, readClasses(state.gridPlayer)),
    suitMode: () => $("grid-suits").getAttribute("aria-pressed") === "true",
    label: (hand, w, suits) => (w > 0 ? t(suits ? "grid.cell.suits" : "grid.cell", { hand, w: Math.round(w * 100) })
      : t("grid.cell.off", { hand })),
  });
  $("grid-suits").addEventListener("click", (e) => {
    const on = e.currentTarget.getAttribute("aria-pressed") !== "true";
    e.currentTarget.setAttribute("aria-pressed", String(on));
  });
  return { relabel: () => { editor.relabel(); picker.relabel(); } };
}

export function rangeField(pl, p) {
  const wrap = document.createElement("div");
  wrap.className = "range-field";
  const input = document.createElement("input");
  input.type = "text";
  input.className = "range-text";
  input.id = `range-${p}`;
  input.dataset.key = `range-${p}`;
  input.value = pl.range;
  input.spellcheck = false;
  input.autocomplete = "off";
  input.placeholder = t("range.placeholder");
  input.setAttribute("aria-label", t("range.label", { n: p + 1 }));
  input.setAttribute("aria-describedby", `range-${p}-info player-${p}-error`);
  let timer = null;
  input.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      change(() => { pl.range = input.value; });
      saveUrl();
      refreshRange(p);
    }, 250);
  });
  input.addEventListener("focus", () => {
    if (state.gridPlayer !== p) { state.gridPlayer = p; showGrid(); markEditing(); }
  });
  const info = document.createElement("span");
  info.className = "combos";
  info.id = `range-${p}-info`;
  info.setAttribute("aria-live", "polite");
  const edit = document.createElement("button");
  edit.type = "button";
  edit.className = "link edit";
  edit.dataset.key = `edit-${p}`;
  edit.addEventListener("click", () => {
    state.gridPlayer = p;
    showGrid();
    markEditing();
    $("grid").querySelector('.cell[tabindex="0"]').focus();
  });
  wrap.append(input, info, edit);
  return wrap;
}

export function markEditing() {
  document.querySelectorAll(".player").forEach((box) => {
    const p = Number(box.dataset.player);
    const edit = box.querySelector(".edit");
    box.classList.toggle("editing", p === state.gridPlayer);
    if (edit) {
      edit.textContent = p === state.gridPlayer ? t("player.editing") : t("player.edit");
      edit.setAttribute("aria-pressed", String(p === state.gridPlayer));
    }
  });
}

export function showRangeInfo(p) {
  const info = $(`range-${p}-info`);
  const error = $(`player-${p}-error`);
  const input = $(`range-${p}`);
  if (!info) return;
  const r = readings[p];
  const text = state.players[p].range.trim();
  info.textContent = "";
  info.dataset.read = r ? r.read : "";
  error.textContent = "";
  input.removeAttribute("aria-invalid");
  if (!text) {
    info.textContent = t("range.combos", { n: 0 });
  } else if (r && r.error) {
    error.textContent = r.error;
    input.setAttribute("aria-invalid", "true");
  } else if (r) {
    info.textContent = r.combos === r.total ? t("range.combos", { n: r.combos })
      : t("range.combos.removed", { n: r.combos, total: r.total });
  }
}

// Asks the service to read player p's range (with the cards it cannot use removed).
export async function refreshRange(p) {
  const pl = state.players[p];
  const text = pl.range.trim();
  if (!isRangePlayer(p)) return;
  if (!text) {
    readings[p] = null;
  } else {
    const { ok, data } = await post("/v1/range", { range: text, exclude: knownCards() });
    if (pl.range.trim() !== text) return; // typed on meanwhile: a newer request follows
    readings[p] = ok ? { ...data, read: text } : { error: refusalText(data.error), read: text };
  }
  showRangeInfo(p);
  if (p === state.gridPlayer) showGrid();
}

export function refreshRanges() {
  state.players.forEach((_, p) => { if (isRangePlayer(p)) refreshRange(p); });
}

export function showGrid() {
  const p = state.gridPlayer;
  const active = p !== null && p < state.players.length && isRangePlayer(p);
  $("grid-box").hidden = !active;
  if (!active) picker.close();
  $("grid-none").hidden = active;
  $("grid-title").textContent = active ? t("grid.title", { n: p + 1 }) : t("grid.heading");
  // The grid draws the 169 classes of two cards from the full deck (Hold'em's).
  document.querySelector(".layout").classList.toggle("no-grid", !shape().grid);
  if (!active) return;
  $("grid").setAttribute("aria-label", t("grid.label", { n: p + 1 }));
  const r = readings[p];
  const weights = {};
  const suited = new Set();
  if (r && r.classes) {
    for (const [name, c] of Object.entries(r.classes)) {
      weights[name] = c.weight;
      if (c.combos) suited.add(name);
    }
  }
  editor.show(weights, suited);
  picker.update(readClasses(p));
}

// Grid edits are written after the range's own text ("named again takes the later
// weight"), so combos typed by hand keep their exact weights; the service then gives the
// canonical text back. Strokes are applied one after the other, each on the text the
// previous one left.
let painting = Promise.resolve();

function paint(edits) {
  const p = state.gridPlayer;
  painting = painting.then(() => paintNow(p, edits)).catch(() => {});
}

async function paintNow(p, edits) {
  const pl = state.players[p];
  const added = edits.map(([name, w]) => `${name}:${Number(w.toFixed(4))}`);
  let text = "";
  // A combination added from the suit picker is not drawn on the grid yet.
  if (editor.hasAny() || edits.some(([, w]) => w > 0)) {
    const base = readings[p] && readings[p].error ? "" : pl.range.trim();
    const { ok, data } = await post("/v1/range", { range: [base, ...added].filter(Boolean).join(", "), exclude: "" });
    if (!ok) return;
    text = data.total ? data.text : "";
  }
  change(() => { pl.range = text; });
  const input = $(`range-${p}`);
  if (input) input.value = text;
  saveUrl();
  await refreshRange(p);
}

function gridWeight() {
  const w = Number($("grid-weight").value);
  return Number.isFinite(w) && w > 0 ? Math.min(w, 100) / 100 : 1;
}

export function setRange(p, text) {
  change(() => { state.players[p].range = text; });
  const input = $(`range-${p}`);
  if (input) input.value = text;
  saveUrl();
  refreshRange(p);
}

// Takes range text typed but not yet read (the field waits for a pause in typing), and
// reads every range again, so the answer and its weights match what is on screen.
export async function flushRanges() {
  state.players.forEach((pl, p) => {
    const input = $(`range-${p}`);
    if (input && isRangePlayer(p) && input.value !== pl.range) change(() => { pl.range = input.value; });
  });
  saveUrl();
  await Promise.all(state.players.map((_, p) => refreshRange(p)));
}
