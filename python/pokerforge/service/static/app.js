// The pokerforge odds calculator: the question on the page (cards, ranges, board, dead
// cards), the calls to the service, and the answer drawn by results.js.
import { MAX_PLAYERS, SHAPES } from "./limits.js";
import { applyStatic, language, pickLanguage, setLanguage, t } from "./i18n.js";
import { $, option, post, saveUrl } from "./page.js";
import {
  createEditor, flushRanges, markEditing, rangeField, readings, refreshRanges,
  setRange, showGrid, showRangeInfo,
} from "./range-panel.js";
import { wirePrefs } from "./prefs.js";
import { fieldLabel, refusalText } from "./refusal.js";
import { clearResult, methodText, showBreakdown, showResult } from "./results.js";
import { relabelSaved, wireSaved } from "./saved.js";
import {
  DEAD_SLOTS, GAMES, RANKS, SUITS, change, deserialize, fits, firstEmptyHandSlot, inDeck,
  DRAWS, isRangePlayer, isRed, newPlayer, nextTarget, pretty, serialize, setCardAt,
  setPlayerCount, shape, splitCards, state, suitClass, undo, usedCards,
} from "./state.js";

let last = null; // the last answer, redrawn when the language changes
let presets = [];
let editor = null;

// ---- the question -------------------------------------------------------------------

function slotLabel(kind, p, i, card) {
  const shown = card ? pretty(card) : t("slot.empty");
  if (kind === "board") return t("slot.board", { i: i + 1, card: shown });
  if (kind === "dead") return t("slot.dead", { i: i + 1, card: shown });
  return t("slot.player", { p: p + 1, i: i + 1, card: shown });
}

function slot(card, kind, p, i) {
  const el = document.createElement("button");
  el.type = "button";
  el.className = "slot" + (card ? ` filled ${suitClass(card)}` + (isRed(card) ? " red" : "") : "");
  Object.assign(el.dataset, { kind, player: p, index: i, key: `slot-${kind}-${p}-${i}` });
  el.textContent = card ? pretty(card) : "";
  if (card) el.dataset.card = card;
  el.setAttribute("aria-label", slotLabel(kind, p, i, card));
  const target = state.target;
  if (target && target.kind === kind && target.p === p && target.i === i) {
    el.classList.add("target");
    el.setAttribute("aria-current", "true");
  }
  el.addEventListener("click", () => { state.target = { kind, p, i }; render(); });
  el.addEventListener("keydown", (e) => {
    if (e.key !== "Delete" && e.key !== "Backspace") return;
    e.preventDefault();
    change(() => setCardAt({ kind, p, i }, null));
    state.target = { kind, p, i };
    update();
  });
  return el;
}

function playerBox(pl, p) {
  const box = document.createElement("div");
  box.className = "player";
  box.dataset.player = p;
  box.setAttribute("role", "group");
  box.setAttribute("aria-labelledby", `player-${p}-name`);
  const head = document.createElement("div");
  head.className = "player-head";
  const name = document.createElement("span");
  name.id = `player-${p}-name`;
  name.className = "name";
  name.textContent = t("player", { n: p + 1 });
  head.append(name);
  if (shape().ranges) {
    const mode = document.createElement("select");
    mode.className = "mode";
    mode.dataset.key = `mode-${p}`;
    mode.setAttribute("aria-label", t("player.mode", { n: p + 1 }));
    mode.append(option("cards", t("player.cards")), option("range", t("player.range")));
    mode.value = pl.mode;
    mode.addEventListener("change", () => {
      change(() => { pl.mode = mode.value; });
      if (pl.mode === "range") state.gridPlayer = p;
      else if (state.gridPlayer === p) state.gridPlayer = null;
      if (state.target && !fits(state.target)) state.target = firstEmptyHandSlot();
      update();
    });
    head.append(mode);
  }
  if (shape().draw) {
    // A draw game: what this player does at the next draw (later draws by the policy).
    const draw = document.createElement("select");
    draw.className = "draw";
    draw.dataset.key = `draw-${p}`;
    draw.setAttribute("aria-label", t("player.draw", { n: p + 1 }));
    draw.append(...DRAWS().map((d) => option(d,
      d === "policy" || d === "pat" ? t(`draw.${d}`) : t("draw.n", { n: d }))));
    draw.value = pl.draw;
    draw.addEventListener("change", () => {
      change(() => { pl.draw = draw.value; });
      render();
    });
    head.append(draw);
  }
  box.append(head);
  if (isRangePlayer(p)) {
    box.append(rangeField(pl, p));
  } else {
    const clear = document.createElement("button");
    clear.type = "button";
    clear.className = "link";
    clear.dataset.key = `clear-${p}`;
    clear.textContent = t("player.clear");
    clear.setAttribute("aria-label", t("player.clear.label", { n: p + 1 }));
    clear.addEventListener("click", () => {
      change(() => { pl.cards = pl.cards.map(() => null); });
      state.target = { kind: "player", p, i: 0 };
      update();
    });
    head.append(clear);
    const slots = document.createElement("div");
    slots.className = "slots";
    pl.cards.forEach((card, i) => slots.append(slot(card, "player", p, i)));
    const random = document.createElement("span");
    random.className = "note";
    random.textContent = pl.cards.some(Boolean) ? "" : t("player.random");
    box.append(slots, random);
  }
  const error = document.createElement("p");
  error.className = "field-error";
  error.id = `player-${p}-error`;
  box.append(error);
  return box;
}

// ---- cards --------------------------------------------------------------------------

function place(card) {
  const typeError = $("type-error");
  if (usedCards().has(card)) {
    typeError.textContent = t("type.used", { card: pretty(card) });
    return false;
  }
  if (!inDeck(card)) {
    typeError.textContent = t("type.not-in-deck", { card: pretty(card) });
    return false;
  }
  const target = state.target;
  if (!target || !fits(target)) {
    $("target-label").textContent = t("target.none");
    return false;
  }
  change(() => setCardAt(target, card));
  state.target = nextTarget(target);
  return true;
}

function typeCards() {
  const input = $("type-cards");
  const error = $("type-error");
  error.textContent = "";
  input.removeAttribute("aria-invalid");
  let cards;
  try {
    cards = splitCards(input.value);
  } catch (err) {
    error.textContent = t("type.bad", { text: err.message });
    input.setAttribute("aria-invalid", "true");
    return;
  }
  let placed = 0;
  for (const card of cards) {
    if (!place(card)) break;
    placed += 1;
  }
  if (placed === cards.length) input.value = "";
  else input.setAttribute("aria-invalid", "true");
  update();
}

// ---- drawing ------------------------------------------------------------------------

function restoreFocus(key, selection) {
  if (!key) return;
  const el = document.querySelector(`[data-key="${key}"]`);
  if (!el) return;
  el.focus();
  if (selection && el.setSelectionRange) el.setSelectionRange(...selection);
}

function render() {
  const active = document.activeElement;
  const key = active && active.dataset ? active.dataset.key : null;
  const selection = active && active.selectionStart !== undefined && active.selectionStart !== null
    ? [active.selectionStart, active.selectionEnd] : null;
  $("players").replaceChildren(...state.players.map(playerBox));
  $("board").replaceChildren(...state.board.map((card, i) => slot(card, "board", 0, i)));
  $("dead").replaceChildren(...state.dead.map((card, i) => slot(card, "dead", 0, i)));
  const used = usedCards();
  document.querySelectorAll("#deck .card").forEach((el) => {
    const card = el.dataset.card;
    // Short deck has no two to five: the picker does not offer them.
    el.hidden = !inDeck(card);
    el.disabled = used.has(card) || el.hidden;
    el.setAttribute("aria-label", t(used.has(card) ? "deck.used" : "deck.card", { card: pretty(card) }));
  });
  const target = state.target;
  $("target-label").textContent = !target ? t("target.none")
    : t(`target.${target.kind}`, { p: target.p + 1, i: target.i + 1 });
  $("game").value = `${state.game}:${state.hole}`;
  $("players-count").value = String(state.players.length);
  $("method").value = state.method;
  $("samples").value = state.samples;
  $("samples-box").hidden = state.method === "exact";
  // Stud has no board: the players' cards are their own.
  $("board-title").hidden = $("board").hidden = !shape().board;
  state.players.forEach((_, p) => showRangeInfo(p));
  markEditing();
  showGrid();
  saveUrl();
  restoreFocus(key, selection);
}

// A change to the cards: redraw, and re-read the ranges (their card removal changed).
function update() {
  render();
  refreshRanges();
}

function buildSelects() {
  const game = $("game");
  const current = game.value;
  // A game with one size of hand is named alone, others with the size.
  const sizes = (g) => GAMES.filter(([other]) => other === g).length;
  game.replaceChildren(...GAMES.map(([g, h]) => option(`${g}:${h}`,
    sizes(g) === 1 ? t(`game.${g}`) : t(`game.${g}`, { n: h }))));
  game.value = current || `${state.game}:${state.hole}`;
  const presetBox = $("grid-preset");
  presetBox.replaceChildren(option("", t("grid.preset.choose")),
    ...presets.map((pr) => option(pr.range, t("grid.preset.top", { n: pr.percent }))));
}

function relabel() {
  applyStatic();
  buildSelects();
  editor.relabel();
  relabelSaved();
  render();
  if (last) drawAnswer(last);
  else if (!$("status").classList.contains("error")) showStatus(t("status.ready"));
}

function showStatus(text, error) {
  const status = $("status");
  status.textContent = text;
  status.classList.toggle("error", Boolean(error));
}

// ---- asking -------------------------------------------------------------------------

// A range of single combinations ("AhKh", "AsKs, AhKh") would read as cards: the
// service takes a player's text as cards when it can, so such a range goes bracketed
// (weight 1), which only a range can be.
const asRange = (text) => (/^(?:[\s,]*[2-9tjqka][cdhs]){2,}[\s,]*$/i.test(text) ? `1(${text})` : text);
const rangeText = (sent) => (/^1\(.*\)$/.test(sent) ? sent.slice(2, -1) : sent);

class FieldProblem extends Error {
  constructor(field, message) { super(message); this.field = field; }
}

function request() {
  const players = state.players.map((pl, p) => {
    if (isRangePlayer(p)) {
      if (!pl.range.trim()) throw new FieldProblem(`players[${p}]`, t("range.empty"));
      return asRange(pl.range.trim());
    }
    const n = pl.cards.filter(Boolean).length;
    if (n === 0) return "random";
    if (n < pl.cards.length && !shape().partial) throw new FieldProblem(`players[${p}]`, t("error.partial", { n: pl.cards.length }));
    return pl.cards.join("");
  });
  const board = state.board.filter(Boolean);
  if (![0, 3, 4, 5].includes(board.length)) throw new FieldProblem("board", t("error.board"));
  const body = {
    players, board: board.join(""), dead: state.dead.filter(Boolean).join(""),
    game: state.game, method: state.method,
  };
  if (state.method !== "exact" && state.samples) body.samples = Number(state.samples);
  if (shape().draw) {
    body.draws = state.players.map((pl) => (pl.draw === "policy" ? null
      : pl.draw === "pat" ? "pat" : Number(pl.draw)));
  }
  return body;
}

function showFieldError(field, message) {
  last = null;
  clearResult();
  const m = /^players\[(\d+)\]$/.exec(field || "");
  const at = m ? $(`player-${m[1]}-error`) : field === "board" || field === "dead" ? $(`${field}-error`) : null;
  if (at) at.textContent = message;
  if (m && $(`range-${m[1]}`)) $(`range-${m[1]}`).setAttribute("aria-invalid", "true");
  showStatus(field ? t("error.field", { field: fieldLabel(field), message }) : message, true);
}

function clearFieldErrors() {
  document.querySelectorAll(".field-error").forEach((el) => {
    if (el.id !== "type-error") el.textContent = "";
  });
  state.players.forEach((_, p) => showRangeInfo(p));
}

function names(body) {
  return body.players.map((h, p) => {
    if (isRangePlayer(p)) return rangeText(h);
    // A hand of cards is drawn card by card, in the deck's colours.
    return h === "random" ? t("result.random") : h.match(/../g);
  });
}

function drawAnswer(answer) {
  showResult(answer.equity, names(answer.request));
  showBreakdown(answer.byClass, answer.weights, answer.byClassMethod);
  showStatus(methodText(answer.equity));
}

// Asks the service; the page is busy (data-busy, Calculate disabled) until the answer or
// the error is drawn.
async function calculate(asked) {
  document.body.dataset.busy = "true";
  $("calculate").disabled = true;
  try {
    await ask();
  } catch (err) {
    showFieldError(null, t("status.offline", { error: err.message }));
  } finally {
    $("calculate").disabled = false;
    delete document.body.dataset.busy;
  }
  // Pressed by hand: the answer (or the refusal) comes into view, on a phone far below
  // the button.
  if (asked === true) showAnswer();
}

function showAnswer() {
  const box = document.querySelector("#odds-panel .results");
  const { top, bottom } = box.getBoundingClientRect();
  if (top >= 0 && top < window.innerHeight && bottom <= window.innerHeight) return;
  box.scrollIntoView({ block: "start" });
}

// Whether the engine gives this question's hand-by-hand breakdown (by_hand): a game whose
// shape says so (Hold'em) heads-up counted exactly, so no Monte Carlo setting (method
// exact, or auto without a sample count; auto with by_hand counts exactly), and before
// the flop no dead cards.
function engineBreakdown(body) {
  return shape().by_hand && body.players.length === 2
    && body.method !== "monte-carlo" && body.samples === undefined
    && (body.board !== "" || body.dead === "");
}

function refusedByHand(answer) {
  return !answer.ok && (answer.data.error || {}).field === "by_hand";
}

// The answer and, with a range player, the breakdown per class: the engine's own where it
// gives one, else the service's (/v1/equity/by-class), also when the engine refuses by_hand.
async function answers(body, anyRange) {
  if (anyRange && engineBreakdown(body)) {
    const withHands = { ...body, by_hand: true };
    // Before the flop the breakdown comes without the hand categories: ask for both.
    const [eq, hands] = body.board
      ? await post("/v1/equity", withHands).then((a) => [a, a])
      : await Promise.all([post("/v1/equity", body), post("/v1/equity", withHands)]);
    if (!refusedByHand(hands)) return { eq, classes: hands };
  }
  const [eq, classes] = await Promise.all([
    post("/v1/equity", body),
    anyRange ? post("/v1/equity/by-class", body) : Promise.resolve(null),
  ]);
  return { eq, classes };
}

async function ask() {
  const start = performance.now();
  await flushRanges();
  clearFieldErrors();
  let body;
  try {
    body = request();
  } catch (err) {
    showFieldError(err.field, err.message);
    return;
  }
  const anyRange = state.players.some((_, p) => isRangePlayer(p));
  last = null;
  clearResult();
  showStatus(t("status.working"));
  const { eq, classes } = await answers(body, anyRange);
  if (!eq.ok) {
    const e = eq.data.error || {};
    showFieldError(e.field, refusalText(e));
    return;
  }
  const breakdown = classes && classes.ok ? classes.data : null;
  const byClass = eq.data.players.map((_, p) => breakdown && isRangePlayer(p)
    ? breakdown.players[p].by_class : null);
  const byClassMethod = breakdown ? breakdown.method : null;
  const weights = state.players.map((_, p) => {
    const r = readings[p];
    const live = {};
    if (r && r.classes) for (const [name, c] of Object.entries(r.classes)) live[name] = c.live;
    return live;
  });
  last = { equity: eq.data, byClass, byClassMethod, weights, request: body };
  drawAnswer(last);
  document.body.dataset.answerMs = String(Math.round(performance.now() - start));
}

// ---- start --------------------------------------------------------------------------

function buildDeck() {
  const deck = $("deck");
  for (const [suit] of SUITS) {
    for (const rank of RANKS) {
      const card = rank + suit;
      const el = document.createElement("button");
      el.type = "button";
      el.className = `card ${suitClass(card)}` + (isRed(card) ? " red" : "");
      el.dataset.card = card;
      el.dataset.key = `card-${card}`;
      el.textContent = pretty(card);
      el.addEventListener("click", () => {
        if (!place(card)) return;
        // The clicked card is now in use (disabled): keep the keyboard in the deck.
        const next = [...deck.querySelectorAll(".card")].slice([...deck.children].indexOf(el))
          .find((c) => !c.disabled && c !== el);
        update();
        if (document.activeElement === document.body && next) next.focus();
      });
      deck.append(el);
    }
  }
}

function wire() {
  const count = $("players-count");
  for (let n = 2; n <= MAX_PLAYERS; n++) count.add(option(String(n), String(n)));
  count.addEventListener("change", () => {
    change(() => setPlayerCount(Number(count.value)));
    if (state.target && !fits(state.target)) state.target = firstEmptyHandSlot();
    update();
  });
  $("game").addEventListener("change", (e) => {
    const [game, hole] = e.target.value.split(":");
    change(() => {
      // A player's cards stay only in a game that deals the same hand: as many cards,
      // whole or seen in part alike (Hold'em and short deck, razz and stud). Others leave
      // (an Omaha hand is no stud hand), so typed cards go to the players they name.
      const before = shape();
      const sameHand = Number(hole) === state.hole && SHAPES[game].partial === before.partial
        && SHAPES[game].draw === before.draw;
      state.game = game;
      state.hole = Number(hole);
      // Cards the new game's deck lacks (short deck: below the six) leave their places,
      // as does a board the game does not have.
      const keep = (card) => (card && inDeck(card) ? card : null);
      state.players = state.players.map((pl) => ({
        ...newPlayer(), mode: pl.mode, range: pl.range,
        cards: Array.from({ length: state.hole }, (_, i) => (sameHand ? keep(pl.cards[i] || null) : null)),
        // A draw the new game allows stays (badugi's hand is four cards).
        draw: shape().draw && DRAWS().includes(pl.draw) ? pl.draw : "policy",
      }));
      state.board = state.board.map((card) => (shape().board ? keep(card) : null));
      state.dead = state.dead.map(keep);
    });
    state.target = firstEmptyHandSlot();
    update();
  });
  $("method").addEventListener("change", (e) => { change(() => { state.method = e.target.value; }); render(); });
  $("samples").addEventListener("change", (e) => {
    const v = e.target.value.trim();
    change(() => { state.samples = /^\d+$/.test(v) ? v : ""; });
    saveUrl();
  });
  $("calculate").addEventListener("click", () => calculate(true));
  $("undo").addEventListener("click", () => { if (undo()) update(); });
  $("clear").addEventListener("click", () => {
    change(() => {
      state.players = state.players.map(() => newPlayer());
      state.board = Array(5).fill(null);
      state.dead = Array(DEAD_SLOTS).fill(null);
    });
    state.target = firstEmptyHandSlot();
    state.gridPlayer = null;
    last = null;
    clearResult();
    showStatus(t("status.ready"));
    update();
  });
  $("type-cards").addEventListener("keydown", (e) => {
    if (e.key === "Enter") { e.preventDefault(); typeCards(); }
  });
  document.addEventListener("keydown", (e) => {
    const typing = e.target.matches("input, select, textarea");
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "z" && !typing) {
      e.preventDefault();
      if (undo()) update();
    }
  });
  $("lang").addEventListener("change", (e) => {
    state.lang = e.target.value;
    setLanguage(state.lang);
    relabel();
  });
  $("grid-preset").addEventListener("change", (e) => {
    if (e.target.value && state.gridPlayer !== null) setRange(state.gridPlayer, e.target.value);
    e.target.value = "";
  });
  $("grid-clear").addEventListener("click", () => {
    if (state.gridPlayer !== null) setRange(state.gridPlayer, "");
  });
  window.addEventListener("hashchange", () => {
    if (location.hash.slice(1) === serialize()) return;
    deserialize(location.hash.slice(1));
    setLanguage(pickLanguage(state.lang));
    $("lang").value = language();
    state.target = firstEmptyHandSlot();
    relabel();
    answerIfAsked();
  });
}

async function init() {
  const fromUrl = location.hash.length > 1;
  if (fromUrl) deserialize(location.hash.slice(1));
  else setPlayerCount(2);
  setLanguage(pickLanguage(state.lang));
  $("lang").value = language();
  editor = createEditor();
  buildDeck();
  wire();
  wirePrefs();
  wireSaved();
  state.target = firstEmptyHandSlot();
  relabel();
  if (!fromUrl) refreshRanges();
  fetch("/v1/range/presets").then((r) => r.json()).then((data) => {
    presets = data.presets;
    buildSelects();
  });
  document.body.dataset.ready = "true";
  if (fromUrl) await answerIfAsked();
}

// A question from a link is answered at once when it names any cards or range.
async function answerIfAsked() {
  if (state.players.some((pl, p) => isRangePlayer(p) || pl.cards.some(Boolean))) await calculate();
}

init();
