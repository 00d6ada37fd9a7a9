// Draws an answer of the service: equity bars, the hand-category table, and for each
// range player the grid coloured by equity and the distribution chart (SVG).
import { heatGrid, heatColour } from "./grid.js";
import { count, pct, t } from "./i18n.js";
import { SHAPES } from "./limits.js";
import { pretty, suitClass } from "./state.js";

const SVG = "http://www.w3.org/2000/svg";

function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value);
  }
  node.append(...children);
  return node;
}

function svg(tag, attrs = {}, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

export function clearResult() {
  document.getElementById("equities").replaceChildren();
  document.getElementById("hilo-legend").hidden = true;
  document.getElementById("breakdown").replaceChildren();
  const table = document.getElementById("categories");
  table.hidden = true;
  table.tHead.replaceChildren();
  table.tBodies[0].replaceChildren();
}

function bars(body, names) {
  const out = document.getElementById("equities");
  out.replaceChildren();
  body.players.forEach((pl, p) => {
    const fill = el("span", { class: "fill" });
    fill.style.setProperty("--eq", `${(pl.equity * 100).toFixed(2)}%`);
    const bar = el("div", {
      class: "bar", role: "img", "aria-label": t("result.bar", { n: p + 1, eq: pct(pl.equity) }),
    }, fill);
    // A hi-lo game's whole pots are its scoops (its wins), its tied ones its splits; the
    // legend under the bars says what each counts.
    const parts = hilo(body)
      ? [[t("result.scoop"), pl.scoop, "scoop"], [t("result.split"), pl.tie, "tie"],
        [t("result.high"), pl.high, "high"], [t("result.low"), pl.low, "low"]]
      : [[t("result.win"), pl.win, "win"], [t("result.tie"), pl.tie, "tie"]];
    const detail = el("span", { class: "detail" });
    parts.forEach(([label, value, key], k) => {
      if (k) detail.append(" \u00b7 ");
      detail.append(`${label} `, el("b", { class: key, text: pct(value) }));
    });
    if (!body.exact) detail.append(" \u00b7 \u00b1", el("b", { class: "stderr", text: pct(pl.stderr) }));
    out.append(el("div", { class: "result-row", "data-player": String(p) },
      el("strong", {}, t("player", { n: p + 1 }), " ", handName(names[p])),
      bar,
      el("em", { class: "equity", text: pct(pl.equity) }),
      detail));
  });
  const legend = document.getElementById("hilo-legend");
  legend.textContent = t("result.hilo.legend");
  legend.hidden = !hilo(body);
}

// A player's hand: a range or "any hand" as text, cards (["Ah", "Kh"]) one by one in
// the deck's colours.
function handName(name) {
  if (!Array.isArray(name)) return el("span", { class: "hand", text: name });
  const hand = el("span", { class: "hand" });
  name.forEach((card, k) => {
    if (k) hand.append(" ");
    hand.append(el("span", { class: `${suitClass(card)}`, text: pretty(card) }));
  });
  return hand;
}

const hilo = (body) => body.players.some((pl) => pl.scoop !== null && pl.scoop !== undefined);

// A draw game's final hand by the engine's name ("7-low", "4-high badugi", "three cards",
// "pair"), in the page's language.
function finalHand(name) {
  const low = /^(\w+)-low$/.exec(name);
  if (low) return t("final.low", { r: low[1] });
  const badugi = /^(\w+)-high badugi$/.exec(name);
  if (badugi) return t("final.badugi", { r: badugi[1] });
  const key = `final.${name}`;
  return t(key) !== key ? t(key) : t(`cat.${name.replace(/ /g, "_")}`);
}

// The final hands' rows: a draw game's own (its answer's final_hands, best first), else
// the categories of the game's kind of hand, best first, named in its words (razz's
// "no pair" is a made low).
function finalRows(body) {
  const drawn = body.players.find((pl) => pl.final_hands);
  if (drawn) {
    return Object.keys(drawn.final_hands).map((name) => [name, finalHand(name),
      (pl) => (pl.final_hands || {})[name]]);
  }
  return SHAPES[body.game].categories.map(([key, text]) => [key, t(`cat.${text}`),
    (pl) => (pl.categories || {})[key]]);
}

function categoryTable(body) {
  const table = document.getElementById("categories");
  const rows = finalRows(body);
  table.caption.textContent = t("table.caption");
  // The column of hands names their kind: a hi-lo game's are its high hands.
  const shape = SHAPES[body.game];
  const kind = t(shape.hilo ? "table.hand.high" : `table.hand.${shape.hand}`);
  const head = el("tr", {}, el("th", { scope: "col", text: kind }),
    ...body.players.map((_, p) => el("th", { scope: "col", text: t("player", { n: p + 1 }) })));
  table.tHead.replaceChildren(head);
  table.tBodies[0].replaceChildren(...rows.map(([key, label, chance]) => el("tr", { "data-category": key },
    el("th", { scope: "row", text: label }),
    ...body.players.map((pl) => el("td", { text: pct(chance(pl) || 0) })))));
  table.hidden = rows.length === 0;
}

// Classes from best to worst equity with their share of the range (live combos).
export function distribution(byClass, weights) {
  const rows = Object.entries(byClass)
    .map(([name, eq]) => [name, eq, weights[name] || 0])
    .filter(([, , w]) => w > 0)
    .sort((a, b) => b[1] - a[1]);
  const total = rows.reduce((sum, [, , w]) => sum + w, 0);
  let x = 0;
  return rows.map(([name, eq, w]) => {
    const start = x;
    x += w / total;
    return { name, eq, start, end: x };
  });
}

// The equity at the middle of the range, and the share of the range above 50%.
export function summary(steps) {
  const median = steps.find((s) => s.end >= 0.5) || steps[steps.length - 1];
  const above = steps.filter((s) => s.eq > 0.5).reduce((sum, s) => sum + (s.end - s.start), 0);
  return { median: median ? median.eq : 0, above };
}

function chart(steps, n) {
  const [w, h, left, bottom, top, right] = [340, 200, 44, 34, 10, 10];
  const x = (v) => left + v * (w - left - right);
  const y = (v) => top + (1 - v) * (h - top - bottom);
  const { median, above } = summary(steps);
  const root = svg("svg", {
    viewBox: `0 0 ${w} ${h}`, class: "chart", role: "img",
    "aria-label": t("chart.summary", { n, above: pct(above, 0), median: pct(median, 1) }),
  });
  for (const v of [0, 0.25, 0.5, 0.75, 1]) {
    root.append(svg("line", { x1: x(0), x2: x(1), y1: y(v), y2: y(v), class: "gridline" }));
    root.append(svg("text", { x: left - 6, y: y(v) + 4, class: "tick", "text-anchor": "end" }, pct(v, 0)));
    root.append(svg("text", { x: x(v), y: h - bottom + 14, class: "tick", "text-anchor": "middle" }, pct(v, 0)));
  }
  steps.forEach((s) => {
    root.append(svg("rect", {
      x: x(s.start), y: y(s.eq), width: Math.max(0.5, x(s.end) - x(s.start)),
      height: y(0) - y(s.eq), fill: heatColour(s.eq), class: "step", "data-hand": s.name,
    }));
  });
  const points = steps.flatMap((s) => [`${x(s.start)},${y(s.eq)}`, `${x(s.end)},${y(s.eq)}`]);
  root.append(svg("polyline", { points: points.join(" "), class: "curve" }));
  root.append(svg("text", { x: (left + w - right) / 2, y: h - 4, class: "axis", "text-anchor": "middle" }, t("chart.x")));
  root.append(svg("text", {
    x: 12, y: (top + h - bottom) / 2, class: "axis", "text-anchor": "middle",
    transform: `rotate(-90 12 ${(top + h - bottom) / 2})`,
  }, t("chart.y")));
  return root;
}

// Per range player: the grid coloured by each class's equity and the distribution chart.
export function showBreakdown(rows, weights, method) {
  const out = document.getElementById("breakdown");
  out.replaceChildren();
  rows.forEach((byClass, p) => {
    if (!byClass || !Object.keys(byClass).length) return;
    const n = p + 1;
    const grid = el("div", { class: "heat", role: "group", "aria-label": t("heat.label", { n }) });
    heatGrid(grid, byClass, (hand, eq) => t("heat.cell", { hand, eq: pct(eq, 1) }));
    const legend = el("div", { class: "legend", "aria-hidden": "true" },
      el("span", { text: t("heat.low") }), el("span", { class: "scale" }), el("span", { text: t("heat.high") }));
    const steps = distribution(byClass, weights[p] || {});
    out.append(el("section", { class: "player-breakdown", "data-player": String(p) },
      el("h3", { text: t("heat.title", { n }) }),
      el("p", { class: "help", text: t(method === "exact" ? "heat.exact" : "heat.mc") }), grid, legend,
      el("h3", { text: t("chart.title", { n }) }), chart(steps, n)));
  });
}

export function showResult(body, names) {
  bars(body, names);
  categoryTable(body);
}

export function methodText(body) {
  const how = body.exact ? t("status.exact", { deals: count(body.deals) })
    : t("status.mc", { deals: count(body.deals), stderr: pct(body.stderr) });
  const parts = [how, t("status.time", { ms: count(Math.round(body.elapsed_ms * 10) / 10) })];
  if (body.cached) parts.push(t("status.cached"));
  return parts.join(" \u00b7 ") + ".";
}
