// The pokerforge odds calculator: picks cards, calls POST /v1/equity, draws the answer.
"use strict";

const RANKS = "AKQJT98765432";
const SUITS = [["s", "\u2660"], ["h", "\u2665"], ["d", "\u2666"], ["c", "\u2663"]];
const CATEGORIES = [
  ["straight_flush", "Straight flush"], ["four_of_a_kind", "Four of a kind"],
  ["full_house", "Full house"], ["flush", "Flush"], ["straight", "Straight"],
  ["three_of_a_kind", "Three of a kind"], ["two_pair", "Two pair"], ["pair", "Pair"],
  ["high_card", "High card"],
];

const state = { game: "holdem", count: 2, players: [], board: [null, null, null, null, null], target: null };

const $ = (id) => document.getElementById(id);
const holeSize = () => (state.game === "holdem" ? 2 : 4);
const isRed = (card) => card[1] === "h" || card[1] === "d";
const pretty = (card) => card[0] + SUITS.find((s) => s[0] === card[1])[1];
const pct = (x) => (x * 100).toFixed(2) + "%";

function resetPlayers() {
  state.players = Array.from({ length: state.count }, (_, p) =>
    Array.from({ length: holeSize() }, (_, i) => (state.players[p] || [])[i] || null));
}

function usedCards() {
  return new Set([...state.players.flat(), ...state.board].filter(Boolean));
}

function slot(card, kind, p, i) {
  const el = document.createElement("button");
  el.type = "button";
  el.className = "slot" + (card ? " filled" + (isRed(card) ? " red" : "") : "");
  el.dataset.kind = kind;
  el.dataset.player = p;
  el.dataset.index = i;
  el.textContent = card ? pretty(card) : "?";
  if (card) el.dataset.card = card;
  const t = state.target;
  if (t && t.kind === kind && t.p === p && t.i === i) el.classList.add("target");
  el.addEventListener("click", () => {
    if (kind === "board") state.board[i] = null; else state.players[p][i] = null;
    state.target = { kind, p, i };
    render();
  });
  return el;
}

function nextTarget() {
  for (let p = 0; p < state.count; p++) {
    const i = state.players[p].indexOf(null);
    if (i >= 0) return { kind: "player", p, i };
  }
  const i = state.board.indexOf(null);
  return i >= 0 ? { kind: "board", p: 0, i } : null;
}

function place(card) {
  if (usedCards().has(card)) return;
  const t = state.target || nextTarget();
  if (!t) return;
  if (t.kind === "board") state.board[t.i] = card; else state.players[t.p][t.i] = card;
  state.target = nextTarget();
  render();
}

function render() {
  const players = $("players");
  players.replaceChildren();
  state.players.forEach((hole, p) => {
    const box = document.createElement("div");
    box.className = "player";
    box.dataset.player = p;
    const head = document.createElement("div");
    head.className = "player-head";
    const known = hole.every(Boolean);
    head.innerHTML = `<span>Player ${p + 1}${known || hole.some(Boolean) ? "" : " (random)"}</span>`;
    const clear = document.createElement("button");
    clear.type = "button";
    clear.textContent = "random";
    clear.title = "Clear this player's cards (any hand)";
    clear.addEventListener("click", () => { state.players[p] = hole.map(() => null); render(); });
    head.append(clear);
    const slots = document.createElement("div");
    slots.className = "slots";
    hole.forEach((card, i) => slots.append(slot(card, "player", p, i)));
    box.append(head, slots);
    players.append(box);
  });
  const board = $("board");
  board.replaceChildren(...state.board.map((card, i) => slot(card, "board", 0, i)));
  const used = usedCards();
  document.querySelectorAll("#deck .card").forEach((el) => {
    el.classList.toggle("used", used.has(el.dataset.card));
  });
  const t = state.target;
  $("target-label").textContent = !t ? "" : t.kind === "board"
    ? `\u2192 board card ${t.i + 1}` : `\u2192 player ${t.p + 1}, card ${t.i + 1}`;
}

function request() {
  const players = [];
  for (let p = 0; p < state.count; p++) {
    const hole = state.players[p];
    const n = hole.filter(Boolean).length;
    if (n === 0) players.push("random");
    else if (n === hole.length) players.push(hole.join(""));
    else throw new Error(`Player ${p + 1}: choose all ${hole.length} cards or none (random).`);
  }
  const board = state.board.filter(Boolean);
  if (![0, 3, 4, 5].includes(board.length)) {
    throw new Error("The board needs 0, 3 (flop), 4 (turn) or 5 (river) cards.");
  }
  return { players, board: board.join(""), game: state.game };
}

function showStatus(text, error) {
  const status = $("status");
  status.textContent = text;
  status.classList.toggle("error", Boolean(error));
}

function showResult(body, names) {
  const out = $("equities");
  out.replaceChildren();
  body.players.forEach((pl, p) => {
    const row = document.createElement("div");
    row.className = "result-row";
    row.dataset.player = p;
    const hilo = pl.scoop !== null ? ` \u00b7 scoop ${pct(pl.scoop)}` : "";
    row.innerHTML =
      `<strong>Player ${p + 1} <span class="hand">${names[p]}</span></strong>` +
      `<div class="bar"><span style="width:${(pl.equity * 100).toFixed(2)}%"></span>` +
      `<em class="equity">${pct(pl.equity)}</em></div>` +
      `<span class="detail">win <b class="win">${pct(pl.win)}</b> \u00b7 tie ` +
      `<b class="tie">${pct(pl.tie)}</b>${hilo}</span>`;
    out.append(row);
  });
  const table = $("categories");
  table.tHead.innerHTML = "<tr><th>Final hand</th>" +
    body.players.map((_, p) => `<th>P${p + 1}</th>`).join("") + "</tr>";
  table.tBodies[0].innerHTML = CATEGORIES.map(([key, label]) =>
    `<tr data-category="${key}"><td>${label}</td>` +
    body.players.map((pl) => `<td>${pct(pl.categories[key] || 0)}</td>`).join("") + "</tr>",
  ).join("");
  table.hidden = false;
  const how = body.exact ? `exact over ${body.deals.toLocaleString("en")} deals`
    : `Monte Carlo, ${body.deals.toLocaleString("en")} samples`;
  showStatus(`${how}, ${body.elapsed_ms.toFixed(1)} ms${body.cached ? " (cached)" : ""}.`);
}

async function calculate() {
  let body;
  try {
    body = request();
  } catch (err) {
    showStatus(err.message, true);
    return;
  }
  const names = body.players.map((h) => (h === "random" ? "random" : h.match(/../g).map(pretty).join(" ")));
  $("calculate").disabled = true;
  showStatus("Calculating\u2026");
  try {
    const answer = await fetch("/v1/equity", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    const data = await answer.json();
    if (!answer.ok) {
      const e = data.error || {};
      showStatus(`${e.field ? e.field + ": " : ""}${e.message || answer.statusText}`, true);
    } else {
      showResult(data, names);
    }
  } catch (err) {
    showStatus("The service did not answer: " + err.message, true);
  } finally {
    $("calculate").disabled = false;
  }
}

function init() {
  const count = $("players-count");
  for (let n = 2; n <= 10; n++) count.add(new Option(String(n), String(n)));
  count.addEventListener("change", () => { state.count = Number(count.value); resetPlayers(); render(); });
  $("game").addEventListener("change", (e) => {
    state.game = e.target.value;
    state.players = [];
    resetPlayers();
    state.target = nextTarget();
    render();
  });
  const deck = $("deck");
  for (const [suit] of SUITS) {
    for (const rank of RANKS) {
      const card = rank + suit;
      const el = document.createElement("button");
      el.type = "button";
      el.className = "card" + (isRed(card) ? " red" : "");
      el.dataset.card = card;
      el.textContent = pretty(card);
      el.addEventListener("click", () => place(card));
      deck.append(el);
    }
  }
  $("calculate").addEventListener("click", calculate);
  $("clear").addEventListener("click", () => {
    state.players = [];
    state.board = [null, null, null, null, null];
    resetPlayers();
    state.target = nextTarget();
    render();
  });
  resetPlayers();
  state.target = nextTarget();
  render();
}

init();
