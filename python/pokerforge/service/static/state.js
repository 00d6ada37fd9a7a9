// The question on the page: game, players (cards or a range), board and dead cards,
// method. It lives in the URL (so a question can be shared and reloaded) and every change
// goes through `change`, which keeps the undo history.

import { GAMES, MAX_PLAYERS, SHAPES } from "./limits.js";

export const RANKS = "AKQJT98765432";
export const SUITS = [["s", "\u2660"], ["h", "\u2665"], ["d", "\u2666"], ["c", "\u2663"]];
export const DEAD_SLOTS = 8;
// Each game with each size of hand, [game, hole], as the selector offers them; served by
// the service from the engine's table of games, with each game's shape (board, ranges,
// partial hands, the lowest rank of its deck) in SHAPES.
export { GAMES };

// The current game's shape, and whether a card is in its deck (short deck: six and up).
export const shape = () => SHAPES[state.game];
export const inDeck = (card) => RANKS.indexOf(card[0]) <= RANKS.indexOf(shape().lowest_rank);

export const isRed = (card) => card[1] === "h" || card[1] === "d";
// The class that colours a card by its suit (suit-s, suit-h, suit-d, suit-c): red and
// black, or four colours (prefs.js).
export const suitClass = (card) => `suit-${card[1]}`;
export const pretty = (card) => card[0] + SUITS.find((s) => s[0] === card[1])[1];

// "Ah", "ah", "AH", "10h" or "A♥" -> "Ah"; anything else -> null.
export function normalCard(text) {
  const m = /^(10|[2-9tjqka])([cdhs\u2663\u2666\u2665\u2660])$/i.exec(text.trim());
  if (!m) return null;
  const rank = m[1] === "10" ? "T" : m[1].toUpperCase();
  const symbol = SUITS.find((s) => s[1] === m[2]);
  return rank + (symbol ? symbol[0] : m[2].toLowerCase());
}

// "AhKh", "Ah Kh", "ah,kh" -> ["Ah", "Kh"]; the first bad piece is thrown as text.
export function splitCards(text) {
  const pieces = text.match(/10[^\s,]|[^\s,]{2}|[^\s,]/g) || [];
  return pieces.map((piece) => {
    const card = normalCard(piece);
    if (!card) throw new SyntaxError(piece);
    return card;
  });
}

export const state = {
  game: "holdem",
  hole: 2,
  players: [],
  board: [null, null, null, null, null],
  dead: Array(DEAD_SLOTS).fill(null),
  method: "auto",
  samples: "",
  target: null,
  gridPlayer: null,
  lang: null,
};

// A player's next draw in a draw game: "policy" (the game's drawing policy), "pat", or a
// number of cards as text ("1" to the hand's size).
export const DRAWS = () => ["policy", "pat", ...Array.from({ length: state.hole }, (_, i) => String(i + 1))];

export function newPlayer() {
  return { mode: "cards", cards: Array(state.hole).fill(null), range: "", draw: "policy" };
}

export function setPlayerCount(n) {
  state.players = Array.from({ length: n }, (_, p) => state.players[p] || newPlayer());
}

export const isRangePlayer = (p) => shape().ranges && state.players[p].mode === "range";

export function usedCards() {
  const hands = state.players.flatMap((pl, p) => (isRangePlayer(p) ? [] : pl.cards));
  return new Set([...hands, ...state.board, ...state.dead].filter(Boolean));
}

// The cards a range cannot use: known hands, board and dead cards.
export const knownCards = () => [...usedCards()].join("");

const slots = (cards) => cards.map((c) => c || "--").join("");
const unslots = (text, n) => Array.from({ length: n }, (_, i) => {
  const card = normalCard((text || "").slice(2 * i, 2 * i + 2));
  return card || null;
});

// The whole question as URL parameters (the language too, so a shared link keeps it).
export function serialize() {
  const q = new URLSearchParams();
  q.set("game", state.game);
  q.set("hole", String(state.hole));
  state.players.forEach((pl, p) => {
    q.append("p", isRangePlayer(p) ? "r:" + pl.range : slots(pl.cards));
  });
  q.set("board", slots(state.board));
  q.set("dead", state.dead.filter(Boolean).join(""));
  if (shape().draw) q.set("draws", state.players.map((pl) => pl.draw).join(","));
  q.set("method", state.method);
  if (state.samples) q.set("samples", state.samples);
  if (state.lang) q.set("lang", state.lang);
  return q.toString();
}

// Reads a question written by `serialize`; unknown or bad parts fall back to defaults.
export function deserialize(text) {
  const q = new URLSearchParams(text);
  const game = GAMES.find(([g, h]) => g === q.get("game") && String(h) === q.get("hole"))
    || GAMES.find(([g]) => g === q.get("game")) || GAMES[0];
  [state.game, state.hole] = game;
  const players = q.getAll("p").slice(0, MAX_PLAYERS);
  while (players.length < 2) players.push("");
  state.players = players.map((text) => {
    const pl = newPlayer();
    if (text.startsWith("r:") && shape().ranges) {
      pl.mode = "range";
      pl.range = text.slice(2);
    } else {
      pl.cards = unslots(text, state.hole);
    }
    return pl;
  });
  const draws = (q.get("draws") || "").split(",");
  state.players.forEach((pl, p) => {
    pl.draw = shape().draw && DRAWS().includes(draws[p]) ? draws[p] : "policy";
  });
  state.board = unslots(q.get("board"), 5);
  let dead = [];
  try { dead = splitCards(q.get("dead") || ""); } catch { dead = []; }
  state.dead = Array.from({ length: DEAD_SLOTS }, (_, i) => dead[i] || null);
  const method = q.get("method");
  state.method = ["auto", "exact", "monte-carlo"].includes(method) ? method : "auto";
  state.samples = /^\d+$/.test(q.get("samples") || "") ? q.get("samples") : "";
  state.lang = q.get("lang");
  // A card given twice keeps its first place only.
  const seen = new Set();
  const once = (card) => (card && !seen.has(card) ? (seen.add(card), card) : null);
  // ... and only a card of the game's deck, and of a board the game has.
  const keep = (card) => (card && inDeck(card) ? once(card) : null);
  state.players.forEach((pl, p) => { if (!isRangePlayer(p)) pl.cards = pl.cards.map(keep); });
  state.board = state.board.map((card) => (shape().board ? keep(card) : null));
  state.dead = state.dead.map(keep);
  const first = state.players.findIndex((pl, p) => isRangePlayer(p));
  state.gridPlayer = first >= 0 ? first : null;
}

const history = [];

// Applies `mutate` to the state, remembering the question before it for `undo`.
export function change(mutate) {
  const before = serialize();
  mutate();
  if (serialize() !== before) {
    history.push(before);
    if (history.length > 200) history.shift();
  }
}

export function undo() {
  const before = history.pop();
  if (before === undefined) return false;
  const { target, gridPlayer, lang } = state;
  deserialize(before);
  state.lang = lang; // the language is not part of the question's history
  state.target = target && fits(target) ? target : null;
  if (gridPlayer !== null && gridPlayer < state.players.length && isRangePlayer(gridPlayer)) {
    state.gridPlayer = gridPlayer;
  }
  return true;
}

export const canUndo = () => history.length > 0;

// Whether a target slot still exists for the current game and player count.
export function fits(target) {
  if (target.kind === "board") return target.i < 5 && shape().board;
  if (target.kind === "dead") return target.i < DEAD_SLOTS;
  return target.p < state.players.length && target.i < state.hole && !isRangePlayer(target.p);
}

export function setCardAt(target, card) {
  if (target.kind === "board") state.board[target.i] = card;
  else if (target.kind === "dead") state.dead[target.i] = card;
  else state.players[target.p].cards[target.i] = card;
}

// The next empty slot after `target` in the same place: the rest of the board, of the
// dead cards, or of the players' hands (this player's, then the following players').
// Never another kind of place: a card picked for the board never lands in a hand.
export function nextTarget(target) {
  if (!target) return null;
  if (target.kind === "board" || target.kind === "dead") {
    const row = target.kind === "board" ? state.board : state.dead;
    for (let i = target.i + 1; i < row.length; i++) if (!row[i]) return { kind: target.kind, p: 0, i };
    return null;
  }
  for (let p = target.p; p < state.players.length; p++) {
    if (isRangePlayer(p)) continue;
    const start = p === target.p ? target.i + 1 : 0;
    for (let i = start; i < state.hole; i++) {
      if (!state.players[p].cards[i]) return { kind: "player", p, i };
    }
  }
  return null;
}

export function firstEmptyHandSlot() {
  for (let p = 0; p < state.players.length; p++) {
    if (isRangePlayer(p)) continue;
    const i = state.players[p].cards.indexOf(null);
    if (i >= 0) return { kind: "player", p, i };
  }
  return null;
}
