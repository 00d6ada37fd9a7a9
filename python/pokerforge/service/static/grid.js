// The 13x13 starting-hand grid: pairs on the diagonal, suited hands above it, offsuit
// below. Used twice: as the range editor (click, drag, keyboard) and, read-only, as the
// hand-by-hand result coloured by equity.
import { RANKS } from "./state.js";

export const CLASSES = [];
for (let row = 0; row < 13; row++) {
  for (let col = 0; col < 13; col++) {
    const [hi, lo] = [RANKS[Math.min(row, col)], RANKS[Math.max(row, col)]];
    CLASSES.push(row === col ? hi + lo : hi + lo + (row < col ? "s" : "o"));
  }
}

export const classSize = (name) => (name.length === 2 ? 6 : name.endsWith("s") ? 4 : 12);

function cells(container, className) {
  container.replaceChildren();
  return CLASSES.map((name, k) => {
    const el = document.createElement("button");
    el.type = "button";
    el.className = className;
    el.dataset.hand = name;
    el.dataset.index = k;
    el.tabIndex = k === 0 ? 0 : -1;
    el.textContent = name;
    container.append(el);
    return el;
  });
}

// Arrow keys, Home and End move between cells; only one cell is in the tab order.
function roving(container, list) {
  container.addEventListener("keydown", (e) => {
    const k = Number(e.target.dataset.index);
    if (Number.isNaN(k)) return;
    const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -13, ArrowDown: 13 };
    let next = null;
    if (e.key in moves) next = k + moves[e.key];
    else if (e.key === "Home") next = k - (k % 13);
    else if (e.key === "End") next = k - (k % 13) + 12;
    if (next === null) return;
    e.preventDefault();
    if (next < 0 || next >= list.length) return;
    list[k].tabIndex = -1;
    list[next].tabIndex = 0;
    list[next].focus();
  });
}

// The range editor. `onPaint(edits)` receives [[class, weight], ...] once a click, a drag
// or a key press is over (weight 0 removes the class). `onOpen(class)` opens the class's
// suit picker: on a right click, or on a tap or a key press while `suitMode()` is on (a
// phone has no right click).
export function rangeEditor(container, { weight, onPaint, onOpen, suitMode, label }) {
  const list = cells(container, "cell");
  const shown = new Map();
  let stroke = null; // { value, edits: Map }

  const paint = (el) => {
    if (!stroke || !el || !el.dataset.hand) return;
    stroke.edits.set(el.dataset.hand, stroke.value);
    draw(el, stroke.value);
  };
  const finish = () => {
    if (!stroke) return;
    const edits = [...stroke.edits];
    stroke = null;
    if (edits.length) onPaint(edits);
  };
  const valueFor = (el) => {
    const w = weight();
    return Math.abs((shown.get(el.dataset.hand) || 0) - w) < 1e-9 ? 0 : w;
  };

  container.addEventListener("pointerdown", (e) => {
    const el = e.target.closest(".cell");
    if (!el || e.button > 0) return;
    e.preventDefault();
    if (suitMode()) {
      el.focus();
      onOpen(el.dataset.hand);
      return;
    }
    // Touch pointers are captured by the first cell; release them so a drag reaches others.
    if (el.hasPointerCapture(e.pointerId)) el.releasePointerCapture(e.pointerId);
    stroke = { value: valueFor(el), edits: new Map() };
    paint(el);
    el.focus();
  });
  container.addEventListener("pointerover", (e) => paint(e.target.closest(".cell")));
  container.addEventListener("pointermove", (e) => {
    if (stroke && e.pointerType !== "mouse") {
      paint(document.elementFromPoint(e.clientX, e.clientY)?.closest(".cell"));
    }
  });
  window.addEventListener("pointerup", finish);
  window.addEventListener("pointercancel", finish);
  container.addEventListener("click", (e) => {
    // Keyboard activation (Enter, Space) arrives as a click with no pointer stroke.
    const el = e.target.closest(".cell");
    if (!el || e.detail !== 0) return;
    if (suitMode()) { onOpen(el.dataset.hand); return; }
    stroke = { value: valueFor(el), edits: new Map() };
    paint(el);
    finish();
  });
  container.addEventListener("keydown", (e) => {
    const el = e.target.closest(".cell");
    if (!el || e.key.toLowerCase() !== "s" || e.ctrlKey || e.metaKey || e.altKey) return;
    e.preventDefault();
    onOpen(el.dataset.hand);
  });
  container.addEventListener("contextmenu", (e) => {
    const el = e.target.closest(".cell");
    if (!el) return;
    e.preventDefault();
    stroke = null;
    onOpen(el.dataset.hand);
  });
  roving(container, list);

  function draw(el, w) {
    shown.set(el.dataset.hand, w);
    el.classList.toggle("on", w >= 1 - 1e-9);
    el.classList.toggle("part", w > 0 && w < 1 - 1e-9);
    el.style.setProperty("--w", `${Math.round(w * 100)}%`);
    el.setAttribute("aria-pressed", w > 0 ? "true" : "false");
    el.setAttribute("aria-label", label(el.dataset.hand, w, el.dataset.suits === "true"));
  }

  return {
    // Shows class weights {class: weight}; classes not named are out of the range, those
    // in `suited` (a Set) hold only some of their combinations (marked on the cell).
    show(weights, suited = new Set()) {
      list.forEach((el) => {
        el.dataset.suits = String(suited.has(el.dataset.hand));
        draw(el, weights[el.dataset.hand] || 0);
      });
    },
    // Whether any cell is in the range as drawn now.
    hasAny() {
      return [...shown.values()].some((w) => w > 0);
    },
    relabel() {
      list.forEach((el) => draw(el, shown.get(el.dataset.hand) || 0));
    },
  };
}

// A read-only grid coloured by equity per class ({class: equity}); classes without an
// equity are left blank and hidden from screen readers.
export function heatGrid(container, equities, label) {
  container.replaceChildren();
  CLASSES.forEach((name) => {
    const el = document.createElement("span");
    el.className = "heat-cell";
    el.dataset.hand = name;
    el.textContent = name;
    const eq = equities[name];
    if (eq === undefined) {
      el.classList.add("none");
      el.setAttribute("aria-hidden", "true");
    } else {
      el.setAttribute("role", "img");
      el.style.setProperty("--heat", heatColour(eq));
      el.dataset.equity = eq.toFixed(6);
      el.setAttribute("aria-label", label(name, eq));
    }
    container.append(el);
  });
}

// Light colours from red (0) through yellow (0.5) to green (1): dark text stays readable
// on every one of them (contrast above 7:1 with the page's ink).
export function heatColour(eq) {
  const x = Math.max(0, Math.min(1, eq));
  const hue = x * 125;
  return `hsl(${hue.toFixed(0)} 70% 78%)`;
}
