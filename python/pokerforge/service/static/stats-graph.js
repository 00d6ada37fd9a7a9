// The hands tab's graph: a player's running winnings over the hands (the series of
// POST /v1/stats: won, at showdown, without showdown, all-in adjusted) drawn as SVG, its
// axes labelled, with a legend giving each line's total.
import { language, t } from "./i18n.js";

const SVG = "http://www.w3.org/2000/svg";
// The plot's box inside the drawing (the axes' labels and ticks are outside it).
export const BOX = { width: 640, height: 320, left: 64, right: 14, top: 12, bottom: 44 };
export const LINES = ["net", "showdown", "without_showdown", "allin"];

function svg(tag, attrs = {}, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

// A step of 1, 2 or 5 times a power of ten giving about `parts` intervals over `span`.
function niceStep(span, parts) {
  const raw = span / parts;
  const power = 10 ** Math.floor(Math.log10(raw));
  const scaled = raw / power;
  return (scaled <= 1 ? 1 : scaled <= 2 ? 2 : scaled <= 5 ? 5 : 10) * power;
}

export function amount(x, digits = 2) {
  return new Intl.NumberFormat(language(), {
    minimumFractionDigits: 0, maximumFractionDigits: digits,
  }).format(x);
}

// The vertical bounds: every value and 0, widened to whole steps.
function bounds(series) {
  const values = LINES.flatMap((name) => series[name]);
  let lo = Math.min(0, ...values);
  let hi = Math.max(0, ...values);
  if (hi === lo) hi = lo + 1;
  const step = niceStep(hi - lo, 4);
  lo = Math.floor(lo / step - 1e-9) * step;
  hi = Math.ceil(hi / step - 1e-9) * step;
  return { lo, hi, step };
}

// The series of the answer as an SVG line graph; hand k (from 1) at x = k, the start (no
// hand yet, nothing won) at x = 0.
export function winningsGraph(series) {
  const { width: w, height: h, left, right, top, bottom } = BOX;
  const plotW = w - left - right;
  const plotH = h - top - bottom;
  const n = series.hands;
  const { lo, hi, step } = bounds(series);
  const x = (k) => left + (n ? k / n : 0) * plotW;
  const y = (v) => top + ((hi - v) / (hi - lo)) * plotH;
  const last = (name) => series[name][n - 1] ?? 0;
  const root = svg("svg", {
    viewBox: `0 0 ${w} ${h}`, class: "winnings", role: "img",
    "aria-label": t("stats.graph.summary", {
      player: series.player, n: amount(n, 0), unit: series.unit,
      net: amount(last("net")), showdown: amount(last("showdown")),
      without: amount(last("without_showdown")), allin: amount(last("allin")),
    }),
    "data-lo": String(lo), "data-hi": String(hi), "data-hands": String(n),
  });
  for (let v = lo; v <= hi + step / 2; v += step) {
    const at = Math.abs(v) < step / 1e6 ? 0 : v;
    root.append(svg("line", { x1: left, x2: w - right, y1: y(at), y2: y(at), class: at === 0 ? "zero" : "gridline" }));
    root.append(svg("text", { x: left - 6, y: y(at) + 4, class: "tick", "text-anchor": "end" }, amount(at)));
  }
  const xStep = Math.max(1, niceStep(Math.max(n, 1), 5));
  for (let k = 0; k <= n; k += xStep) {
    root.append(svg("text", { x: x(k), y: h - bottom + 16, class: "tick", "text-anchor": "middle" }, amount(k, 0)));
  }
  root.append(svg("line", { x1: left, x2: left, y1: top, y2: h - bottom, class: "axis-line" }));
  root.append(svg("line", { x1: left, x2: w - right, y1: h - bottom, y2: h - bottom, class: "axis-line" }));
  for (const name of LINES) {
    const points = [`${x(0).toFixed(2)},${y(0).toFixed(2)}`];
    series[name].forEach((v, k) => points.push(`${x(k + 1).toFixed(2)},${y(v).toFixed(2)}`));
    root.append(svg("polyline", { points: points.join(" "), class: `line line-${name}`, "data-line": name }));
  }
  root.append(svg("text", { x: left + plotW / 2, y: h - 6, class: "axis", "text-anchor": "middle" }, t("stats.graph.x")));
  const middle = top + plotH / 2;
  root.append(svg("text", {
    x: 14, y: middle, class: "axis", "text-anchor": "middle", transform: `rotate(-90 14 ${middle})`,
  }, t("stats.graph.y", { unit: series.unit })));
  return root;
}

// The legend: each line's name, its mark and where it ends.
export function legend(series) {
  const list = document.createElement("ul");
  list.className = "stats-legend";
  for (const name of LINES) {
    const item = document.createElement("li");
    item.dataset.line = name;
    const mark = document.createElement("span");
    mark.className = `mark line-${name}`;
    mark.setAttribute("aria-hidden", "true");
    const end = series[name][series.hands - 1] ?? 0;
    item.append(mark, document.createTextNode(t(`stats.line.${name}`, { value: amount(end), unit: series.unit })));
    list.append(item);
  }
  return list;
}
