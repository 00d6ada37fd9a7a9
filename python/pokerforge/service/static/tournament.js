// The tournament tab: stacks and payouts in, each player's prize equity by ICM
// (POST /v1/icm) and the push/fold equilibrium (POST /v1/pushfold) out, with the ranges
// in the engine's syntax and a 13x13 chart of the position chosen.
import { language, pct, t } from "./i18n.js";
import { $, option, post } from "./page.js";
import { refusalWithField } from "./refusal.js";

const RANKS = "AKQJT98765432";
let last = null; // the last answers, redrawn when the language changes

function showTab(which) {
  const icm = which === "icm";
  $("odds-panel").hidden = icm;
  $("icm-panel").hidden = !icm;
  $("tab-odds").setAttribute("aria-selected", String(!icm));
  $("tab-icm").setAttribute("aria-selected", String(icm));
}

// "12, 9 15" -> [12, 9, 15]; the service names a value it cannot use.
function amounts(text) {
  return text.split(/[\s,;]+/).filter(Boolean).map(Number);
}

function number(x, digits = 2) {
  return new Intl.NumberFormat(language(), { maximumFractionDigits: digits }).format(x);
}

function cellClass(row, col) {
  if (row === col) return RANKS[row] + RANKS[col];
  const [hi, lo] = [Math.min(row, col), Math.max(row, col)];
  return RANKS[hi] + RANKS[lo] + (row < col ? "s" : "o");
}

function drawEquities(icm, pushfold) {
  const table = $("icm-equities");
  const head = table.querySelector("thead");
  const body = table.querySelector("tbody");
  head.replaceChildren();
  body.replaceChildren();
  const tr = document.createElement("tr");
  for (const key of ["icm.position", "icm.stack", "icm.equity", "icm.share"]) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = t(key);
    tr.append(th);
  }
  head.append(tr);
  const pool = icm.equities.reduce((a, b) => a + b, 0);
  icm.equities.forEach((equity, i) => {
    const row = document.createElement("tr");
    row.dataset.player = String(i);
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = pushfold.positions[i];
    row.append(th);
    for (const [cls, text] of [
      ["stack", number(last.stacks[i])],
      ["equity", number(equity, 4)],
      ["share", pct(pool ? equity / pool : 0)],
    ]) {
      const td = document.createElement("td");
      td.className = cls;
      td.textContent = text;
      row.append(td);
    }
    body.append(row);
  });
  table.hidden = false;
}

function share(rangeChart) {
  // Combos per class: 6 for a pair, 4 suited, 12 offsuit; 1,326 in all.
  let total = 0;
  rangeChart.forEach((row, r) => row.forEach((p, c) => {
    total += p * (r === c ? 6 : r < c ? 4 : 12);
  }));
  return pct(total / 1326, 1);
}

function drawRanges(pf) {
  const box = $("icm-ranges");
  box.replaceChildren();
  const pick = $("icm-chart-pick");
  const chosen = pick.value;
  pick.replaceChildren();
  for (const [position, range] of Object.entries(pf.shoves)) {
    const p = document.createElement("p");
    p.className = "range-line";
    p.dataset.position = position;
    p.textContent = t("icm.shoves", { position, share: share(pf.shove_charts[position]), range });
    box.append(p);
    pick.append(option(`shove:${position}`, t("icm.chart.shove", { position })));
  }
  for (const { shover, caller, range } of pf.calls) {
    const p = document.createElement("p");
    p.className = "range-line";
    p.dataset.caller = caller;
    p.dataset.shover = shover;
    const chart = pf.call_charts[`${caller} v ${shover}`];
    p.textContent = t("icm.calls", { caller, shover, share: share(chart), range });
    box.append(p);
    pick.append(option(`call:${caller}:${shover}`, t("icm.chart.call", { caller, shover })));
  }
  if ([...pick.options].some((o) => o.value === chosen)) pick.value = chosen;
  $("icm-chart-box").hidden = false;
  drawChart();
}

function drawChart() {
  if (!last) return;
  const pf = last.pushfold;
  const [kind, a, b] = $("icm-chart-pick").value.split(":");
  const chart = kind === "shove" ? pf.shove_charts[a] : pf.call_charts[`${a} v ${b}`];
  const title = kind === "shove"
    ? t("icm.chart.shove", { position: a }) : t("icm.chart.call", { caller: a, shover: b });
  const table = $("icm-chart");
  table.querySelector("caption").textContent = t("icm.chart.caption", { title });
  // Column and row headings: the ranks, the first card's down the side, the second's
  // along the top (pairs on the diagonal, suited above it, offsuit below).
  const corner = document.createElement("th");
  corner.scope = "col";
  corner.className = "corner";
  corner.textContent = t("icm.chart.corner");
  const head = document.createElement("tr");
  head.append(corner, ...[...RANKS].map((rank) => {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = rank;
    th.setAttribute("aria-label", t("icm.chart.col", { rank }));
    return th;
  }));
  table.querySelector("thead").replaceChildren(head);
  const body = table.querySelector("tbody");
  body.replaceChildren();
  chart.forEach((row, r) => {
    const tr = document.createElement("tr");
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = RANKS[r];
    th.setAttribute("aria-label", t("icm.chart.row", { rank: RANKS[r] }));
    tr.append(th);
    row.forEach((p, c) => {
      const td = document.createElement("td");
      td.dataset.class = cellClass(r, c);
      td.textContent = p > 0 ? String(Math.round(p * 100)) : "";
      td.title = `${cellClass(r, c)}: ${Math.round(p * 100)}%`;
      // Always played, sometimes (a mixed strategy), or never.
      if (p > 0) td.className = p >= 1 ? "played" : "mixed";
      tr.append(td);
    });
    body.append(tr);
  });
  table.hidden = false;
}

function drawStatus() {
  const pf = last.pushfold;
  const unit = pf.unit === "bb" ? " bb" : "";
  const key = pf.converged ? "icm.done" : "icm.notdone";
  $("icm-status").textContent = t(key, {
    value: number(pf.exploitability, 6) + unit, rounds: number(pf.iterations, 0),
  });
}

function draw() {
  if (!last) return;
  drawStatus();
  drawEquities(last.icm, last.pushfold);
  drawRanges(last.pushfold);
}

async function compute() {
  const stacks = amounts($("icm-stacks").value);
  const payouts = amounts($("icm-payouts").value);
  const blinds = [Number($("icm-sb").value), Number($("icm-bb").value)];
  const ante = Number($("icm-ante").value || 0);
  document.body.dataset.busy = "1";
  $("icm-status").textContent = t("icm.busy");
  try {
    const [icm, pf] = await Promise.all([
      post("/v1/icm", { stacks, payouts }),
      post("/v1/pushfold", { stacks, blinds, ante, payouts }),
    ]);
    const failed = !icm.ok ? icm : !pf.ok ? pf : null;
    if (failed) {
      last = null;
      $("icm-status").textContent = t("icm.error", { message: refusalWithField(failed.data.error) });
      for (const id of ["icm-equities", "icm-chart", "icm-chart-box"]) $(id).hidden = true;
      $("icm-ranges").replaceChildren();
      return;
    }
    last = { stacks, icm: icm.data, pushfold: pf.data };
    draw();
  } finally {
    delete document.body.dataset.busy;
  }
}

$("tab-odds").addEventListener("click", () => showTab("odds"));
$("tab-icm").addEventListener("click", () => showTab("icm"));
$("icm-compute").addEventListener("click", compute);
$("icm-chart-pick").addEventListener("change", drawChart);
// app.js sets the language on the same event before this listener runs.
$("lang").addEventListener("change", draw);
