// The solver tab's view of one node of a solved game (GET /v1/solve/{id}?line=...): the
// line so far as breadcrumbs, the actions (buttons that go down the line) or the cards to
// deal, the range-wide aggregate of each action, and the 13x13 grid of the acting
// player's hands coloured by their action mix (or by one action), each cell's numbers on
// hover, focus or tap.
import { CLASSES } from "./grid.js";
import { language, pct, t } from "./i18n.js";
import { $ } from "./page.js";

const RANKS = "AKQJT98765432";
// Light colours, so that the page's dark ink stays readable on every one (contrast above
// 4.5:1): fold blue, check and call green, bets and raises from yellow to red by size,
// all-in violet.
const FOLD = "#a9c9ef";
const PASSIVE = "#9fd8b0";
const ALLIN = "#d9a3d3";
const SIZED = ["#f3d67e", "#f5b27f", "#ef9484", "#e57c7c"];
const NONE = "#f3f5f6";

export function number(x, digits = 2) {
  return new Intl.NumberFormat(language(), { maximumFractionDigits: digits }).format(x);
}

// "x" -> "Check", "b100" -> "Bet 100", "r250" -> "Raise to 250", "a900" -> "All-in 900".
export function actionName(token) {
  if (token === "x" || token === "c" || token === "f") return t(`solver.act.${token}`);
  const kind = token[0];
  return t(`solver.act.${kind}`, { n: number(Number(token.slice(1)), 0) });
}

// Each action's colour at a node: the bets and raises take the sized colours in order of
// their amount (the largest the darkest), all-in its own.
export function actionColours(actions) {
  const sized = actions.filter((a) => /^[br]\d/.test(a)).sort((a, b) => a.slice(1) - b.slice(1));
  const colours = {};
  for (const a of actions) {
    if (a === "f") colours[a] = FOLD;
    else if (a === "x" || a === "c") colours[a] = PASSIVE;
    else if (a[0] === "a") colours[a] = ALLIN;
    else {
      const k = sized.indexOf(a);
      const step = sized.length > 1 ? k * (SIZED.length - 1) / (sized.length - 1) : 0;
      colours[a] = SIZED[Math.round(step)];
    }
  }
  return colours;
}

// A cell's background: the actions side by side, each as wide as its frequency (or one
// action's frequency filled from the bottom).
export function mixGradient(freqs, colours) {
  let at = 0;
  const stops = [];
  freqs.forEach((f, k) => {
    if (!(f > 0)) return;
    const end = Math.min(100, at + f * 100);
    stops.push(`${colours[k]} ${at.toFixed(2)}% ${end.toFixed(2)}%`);
    at = end;
  });
  if (at < 100) stops.push(`${NONE} ${at.toFixed(2)}% 100%`);
  return `linear-gradient(to right, ${stops.join(", ")})`;
}

function fillGradient(f, colour) {
  const top = (Math.max(0, Math.min(1, f)) * 100).toFixed(2);
  return `linear-gradient(to top, ${colour} 0% ${top}%, white ${top}% 100%)`;
}

function cardSpan(card) {
  const span = document.createElement("span");
  span.className = `board-card suit-${card[1]}`;
  span.textContent = card;
  return span;
}

function boardSpans(board) {
  const box = document.createElement("span");
  box.className = "solver-board";
  for (let i = 0; i < board.length; i += 2) box.append(cardSpan(board.slice(i, i + 2)));
  return box;
}

const player = (p) => t(`solver.player.${p}`);
const street = (name) => t(`solver.street.${name}`);

// The line as breadcrumbs: the start, then each step; every earlier node is a button
// (`onJump(k)` keeps the first k steps), the node shown is marked current.
function drawLine(view) {
  const list = $("solver-line");
  list.replaceChildren();
  const items = [{ text: t("solver.line.start", { street: street(view.root.street) }) }];
  for (const step of view.trail) {
    const text = step.player === null
      ? t("solver.line.card", { street: street(step.street), card: step.token })
      : t("solver.line.step", { player: t(`solver.short.${step.player}`), action: actionName(step.token) });
    items.push({ text });
  }
  items.forEach((item, k) => {
    const li = document.createElement("li");
    if (k === items.length - 1) {
      const span = document.createElement("span");
      span.textContent = item.text;
      span.setAttribute("aria-current", "step");
      li.append(span);
    } else {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "link";
      b.dataset.step = String(k);
      b.textContent = item.text;
      b.addEventListener("click", () => view.onJump(k));
      li.append(b);
    }
    list.append(li);
  });
}

function drawHeader(node) {
  const box = $("solver-node");
  const where = document.createElement("span");
  const pot = number(node.pot, 0);
  let key = "solver.node.showdown";
  const vars = { street: street(node.street), pot };
  if (node.kind === "decision") {
    key = "solver.node.decision";
    vars.player = player(node.player);
  } else if (node.kind === "chance") {
    key = "solver.node.chance";
    vars.next = t(`solver.next.${node.board.length === 6 ? "turn" : "river"}`);
  } else if (node.kind === "fold") {
    key = "solver.node.fold";
    vars.player = player(node.player);
  }
  where.textContent = t(key, vars) + " ";
  const values = document.createElement("span");
  values.className = "solver-values";
  const [v0, v1] = node.values;
  values.textContent = t("solver.node.values", {
    ev0: v0.ev === null ? "–" : number(v0.ev), ev1: v1.ev === null ? "–" : number(v1.ev),
    eq0: v0.equity === null ? "–" : pct(v0.equity, 1), eq1: v1.equity === null ? "–" : pct(v1.equity, 1),
  });
  box.replaceChildren(t("solver.node.board") + " ", boardSpans(node.board), " · ", where, values);
}

function drawActions(node, colours, view) {
  const box = $("solver-actions");
  box.replaceChildren();
  box.hidden = node.kind !== "decision";
  for (const a of node.actions) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "solver-action";
    b.dataset.action = a.action;
    b.style.setProperty("--swatch", colours[a.action]);
    b.textContent = t("solver.go", { action: actionName(a.action), freq: pct(a.frequency, 1) });
    b.addEventListener("click", () => view.onPlay(a.action));
    box.append(b);
  }
}

// The cards that may come at a chance node, one row per suit, the board's cards shown
// but disabled so that the ranks line up.
function drawDeal(node, view) {
  const box = $("solver-deal");
  box.replaceChildren();
  box.hidden = node.kind !== "chance";
  if (box.hidden) return;
  const open = new Set(node.cards);
  for (const suit of "shdc") {
    for (const rank of RANKS) {
      const card = rank + suit;
      const b = document.createElement("button");
      b.type = "button";
      b.className = `card suit-${suit}`;
      b.dataset.card = card;
      b.textContent = card;
      b.disabled = !open.has(card);
      b.setAttribute("aria-label", t(b.disabled ? "solver.deal.used" : "solver.deal.card", { card }));
      b.addEventListener("click", () => view.onPlay(card));
      box.append(b);
    }
  }
}

function drawSummary(node, colours) {
  const table = $("solver-summary");
  table.querySelector("caption").textContent = t("solver.summary.caption", { player: player(node.player) });
  const head = document.createElement("tr");
  for (const key of ["solver.summary.action", "solver.summary.freq", "solver.summary.ev", "solver.summary.combos"]) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = t(key);
    head.append(th);
  }
  table.querySelector("thead").replaceChildren(head);
  const body = table.querySelector("tbody");
  body.replaceChildren();
  for (const a of node.actions) {
    const tr = document.createElement("tr");
    tr.dataset.action = a.action;
    const th = document.createElement("th");
    th.scope = "row";
    const swatch = document.createElement("span");
    swatch.className = "swatch";
    swatch.style.setProperty("--swatch", colours[a.action]);
    th.append(swatch, actionName(a.action));
    tr.append(th);
    for (const [cls, text] of [
      ["freq", pct(a.frequency, 1)],
      ["ev", a.ev === null ? "–" : number(a.ev)],
      ["combos", number(a.combos, 1)],
    ]) {
      const td = document.createElement("td");
      td.className = cls;
      td.textContent = text;
      tr.append(td);
    }
    body.append(tr);
  }
}

// The words for one cell: its combos, EV and equity, and each action's frequency and EV.
function cellText(node, row, col, hand) {
  const combos = node.combos[row][col];
  if (combos === null) return t("solver.cell.none", { hand });
  const mix = node.actions.map((a) => {
    const freq = a.grid[row][col];
    const ev = a.ev_grid[row][col];
    const vars = { action: actionName(a.action), freq: pct(freq ?? 0, 1) };
    return ev === null ? t("solver.cell.action", vars) : t("solver.cell.action.ev", { ...vars, ev: number(ev) });
  });
  const ev = node.ev[row][col];
  const equity = node.equity[row][col];
  return t("solver.cell", {
    hand, combos: number(combos, 2), ev: ev === null ? "–" : number(ev),
    equity: equity === null ? "–" : pct(equity, 1), mix: mix.join("; "),
  });
}

function drawHands(node, colours, shown) {
  const box = $("solver-hands");
  box.setAttribute("aria-label", t("solver.hands.label", { player: player(node.player) }));
  const previous = box.querySelector('[tabindex="0"]')?.dataset.index;
  box.replaceChildren();
  const detail = $("solver-cell");
  detail.textContent = t("solver.cell.help");
  const chosen = node.actions.findIndex((a) => a.action === shown);
  const list = CLASSES.map((hand, k) => {
    const [row, col] = [Math.floor(k / 13), k % 13];
    const el = document.createElement("button");
    el.type = "button";
    el.className = "solver-hand";
    el.dataset.hand = hand;
    el.dataset.index = String(k);
    el.tabIndex = String(k) === (previous ?? "0") ? 0 : -1;
    el.textContent = hand;
    const text = cellText(node, row, col, hand);
    el.setAttribute("aria-label", text);
    if (node.combos[row][col] === null) {
      el.classList.add("none");
    } else {
      const freqs = node.actions.map((a) => a.grid[row][col] ?? 0);
      el.dataset.freqs = JSON.stringify(freqs);
      el.dataset.combos = String(node.combos[row][col]);
      const paint = chosen < 0
        ? mixGradient(freqs, node.actions.map((a) => colours[a.action]))
        : fillGradient(freqs[chosen], colours[shown]);
      el.style.setProperty("--mix", paint);
    }
    const show = () => { detail.textContent = text; detail.dataset.hand = hand; };
    el.addEventListener("pointerenter", show);
    el.addEventListener("focus", show);
    el.addEventListener("click", show);
    box.append(el);
    return el;
  });
  // Arrow keys, Home and End move between cells; one cell is in the tab order.
  box.onkeydown = (e) => {
    const k = Number(e.target.dataset.index);
    const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -13, ArrowDown: 13 };
    let next = null;
    if (e.key in moves) next = k + moves[e.key];
    else if (e.key === "Home") next = k - (k % 13);
    else if (e.key === "End") next = k - (k % 13) + 12;
    if (next === null || Number.isNaN(k)) return;
    e.preventDefault();
    if (next < 0 || next >= list.length) return;
    list[k].tabIndex = -1;
    list[next].tabIndex = 0;
    list[next].focus();
  };
}

function drawLegend(node, colours) {
  const box = $("solver-legend");
  box.replaceChildren(...node.actions.map((a) => {
    const item = document.createElement("span");
    const swatch = document.createElement("span");
    swatch.className = "swatch";
    swatch.style.setProperty("--swatch", colours[a.action]);
    item.append(swatch, actionName(a.action));
    return item;
  }));
}

// Draws `view.node` reached by `view.trail` ([{token, player, street}]) from `view.root`;
// `view.shown` is the grid's choice ("" for the mix, else an action), `view.onPlay(token)`
// goes down the line, `view.onJump(k)` back to step k, `view.onShow(choice)` changes the grid.
export function drawNode(view) {
  const { node } = view;
  const colours = actionColours(node.actions.map((a) => a.action));
  drawLine(view);
  drawHeader(node);
  drawActions(node, colours, view);
  drawDeal(node, view);
  const decision = node.kind === "decision";
  $("solver-strategy").hidden = !decision;
  if (decision) {
    const pick = $("solver-show");
    pick.replaceChildren();
    const shown = node.actions.some((a) => a.action === view.shown) ? view.shown : "";
    for (const [value, text] of [["", t("solver.show.mix")], ...node.actions.map((a) => [a.action, actionName(a.action)])]) {
      const o = document.createElement("option");
      o.value = value;
      o.textContent = text;
      pick.append(o);
    }
    pick.value = shown;
    pick.onchange = () => view.onShow(pick.value);
    drawSummary(node, colours);
    drawLegend(node, colours);
    drawHands(node, colours, shown);
  }
  const tree = $("solver-tree");
  tree.hidden = false;
  tree.dataset.line = node.line.join(" ");
  tree.dataset.kind = node.kind;
}
