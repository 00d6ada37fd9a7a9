// The suit picker: the combinations of one grid cell (4 suited, 6 for a pair, 12
// offsuit), each put in or out of the range on its own. The range gets them in the
// engine's grammar ("AhKh, AsKs:0.5"); the service's reading of the range says which
// combinations of a partly chosen class are in it (classes[name].combos).
import { t } from "./i18n.js";
import { $ } from "./page.js";
import { pretty, suitClass, usedCards } from "./state.js";

const SUITS = "shdc";

// The combinations of a class, named as the service names them: the higher rank first,
// a pair's suits in the order s, h, d, c.
export function combosOf(name) {
  const [a, b] = [name[0], name[1]];
  const out = [];
  if (name.length === 2) {
    for (let i = 0; i < 4; i++) for (let j = i + 1; j < 4; j++) out.push(a + SUITS[i] + b + SUITS[j]);
  } else if (name.endsWith("s")) {
    for (const s of SUITS) out.push(a + s + b + s);
  } else {
    for (const s of SUITS) for (const u of SUITS) if (s !== u) out.push(a + s + b + u);
  }
  return out;
}

// Each combination's weight from the reading of a class ({weight, live, combos?}).
export function comboWeights(name, info) {
  const weights = {};
  for (const combo of combosOf(name)) {
    weights[combo] = !info ? 0 : info.combos ? info.combos[combo] || 0 : info.weight;
  }
  return weights;
}

function cardSpans(combo) {
  return [combo.slice(0, 2), combo.slice(2)].map((card) => {
    const span = document.createElement("span");
    span.className = suitClass(card);
    span.textContent = pretty(card);
    return span;
  });
}

// The picker in #combo-box. `weight()` is the weight a picked combination gets (the
// grid's), `onPick(edits)` receives [[combo, weight], ...] (weight 0 takes it out).
export function comboPicker({ weight, onPick }) {
  let open = null; // the class shown
  let weights = {};

  function draw() {
    const list = $("combo-list");
    const used = usedCards();
    list.replaceChildren(...combosOf(open).map((combo) => {
      const w = weights[combo] || 0;
      // A combination holding a known card stays pickable (the range is kept as written)
      // but is struck out: card removal leaves it out of the answer.
      const blocked = used.has(combo.slice(0, 2)) || used.has(combo.slice(2));
      const el = document.createElement("button");
      el.type = "button";
      el.className = "combo" + (w >= 1 - 1e-9 ? " on" : w > 0 ? " part" : "") + (blocked ? " blocked" : "");
      el.dataset.combo = combo;
      el.style.setProperty("--w", `${Math.round(w * 100)}%`);
      el.setAttribute("aria-pressed", w > 0 ? "true" : "false");
      const shown = `${pretty(combo.slice(0, 2))} ${pretty(combo.slice(2))}`;
      const said = w > 0 ? t("combos.in", { combo: shown, w: Math.round(w * 100) })
        : t("combos.out", { combo: shown });
      el.setAttribute("aria-label", blocked ? t("combos.blocked", { said }) : said);
      el.append(...cardSpans(combo));
      el.addEventListener("click", () => {
        const value = Math.abs(w - weight()) < 1e-9 ? 0 : weight();
        onPick([[combo, value]]);
      });
      return el;
    }));
    $("combo-title").textContent = t("combos.title", { hand: open });
  }

  $("combo-all").addEventListener("click", () => {
    if (open) onPick(combosOf(open).map((c) => [c, weight()]));
  });
  $("combo-none").addEventListener("click", () => {
    if (open) onPick(combosOf(open).map((c) => [c, 0]));
  });
  $("combo-close").addEventListener("click", () => close());

  function close() {
    const was = open;
    open = null;
    $("combo-box").hidden = true;
    const cell = was && document.querySelector(`#grid .cell[data-hand="${was}"]`);
    if (cell) cell.focus();
  }

  return {
    // Opens the picker on a class, with the reading of the range's classes.
    open(name, classes) {
      open = name;
      weights = comboWeights(name, classes[name]);
      $("combo-box").hidden = false;
      draw();
      $("combo-box").scrollIntoView({ block: "nearest" });
      $("combo-list").querySelector(".combo").focus();
    },
    // Redraws the open class after the range was read again.
    update(classes) {
      if (!open) return;
      const focused = document.activeElement && document.activeElement.dataset
        ? document.activeElement.dataset.combo : null;
      weights = comboWeights(open, classes[open]);
      draw();
      const again = focused && $("combo-list").querySelector(`[data-combo="${focused}"]`);
      if (again) again.focus();
    },
    close,
    relabel() { if (open) draw(); },
  };
}
