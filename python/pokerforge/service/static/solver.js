// The solver tab: two ranges (typed, or painted on a 13x13 grid), a board, the pot, the
// stacks, the bet sizes and a target exploitability in; a solve run as a job of the
// service (POST /v1/solve, its progress polled with GET, Cancel with DELETE); then the
// solved tree walked node by node (solver-view.js draws a node).
import { rangeEditor } from "./grid.js";
import { count, pct, t } from "./i18n.js";
import { $, post } from "./page.js";
import { fieldLabel, refusalText } from "./refusal.js";
import { drawNode, number } from "./solver-view.js";

const panel = $("solver-panel");
const readings = [null, null]; // the service's reading of each range ({...} or {error})
let editing = 0; // whose range the grid edits
let editor = null;
let run = 0; // the solve asked for last: answers to an older one are dropped
let job = null; // the job's last answer
let view = null; // the tree walk: {root, node, trail, shown}
let problem = null; // the refusal shown: {field, error} or {field, text}

// ---- the tab ----------------------------------------------------------------------------

// Shows this tab or lets another show itself (each tab's script shows its own panel).
function showTab(on) {
  if (on) {
    document.querySelectorAll('[role="tabpanel"]').forEach((p) => { p.hidden = p !== panel; });
    document.querySelectorAll('.tabs [role="tab"]').forEach((tab) => {
      tab.setAttribute("aria-selected", String(tab.id === "tab-solver"));
    });
  } else {
    panel.hidden = true;
    $("tab-solver").setAttribute("aria-selected", "false");
  }
}

// ---- the ranges -------------------------------------------------------------------------

const rangeInput = (p) => $(`solver-range-${p}`);

function showRange(p) {
  const r = readings[p];
  const info = $(`solver-range-${p}-info`);
  const error = $(`solver-range-${p}-error`);
  const text = rangeInput(p).value.trim();
  info.dataset.read = r ? r.read : "";
  info.textContent = "";
  error.textContent = r && r.error ? r.error : "";
  if (!text) info.textContent = t("range.combos", { n: 0 });
  else if (r && !r.error) info.textContent = t("range.combos", { n: count(r.combos) });
  rangeInput(p).toggleAttribute("aria-invalid", Boolean(r && r.error));
}

async function readRange(p) {
  const text = rangeInput(p).value.trim();
  if (!text) {
    readings[p] = null;
  } else {
    const { ok, data } = await post("/v1/range", { range: text, exclude: "" });
    if (rangeInput(p).value.trim() !== text) return; // typed on meanwhile
    readings[p] = ok ? { ...data, read: text } : { error: refusalText(data.error), read: text };
  }
  showRange(p);
  if (p === editing) showGrid();
}

function showGrid() {
  $("solver-grid-title").textContent = t("solver.grid.title", { player: t(`solver.player.${editing}`) });
  const weights = {};
  const r = readings[editing];
  if (r && r.classes) for (const [name, c] of Object.entries(r.classes)) weights[name] = c.weight;
  editor.show(weights);
  document.querySelectorAll(".solver-edit").forEach((b) => {
    b.setAttribute("aria-pressed", String(Number(b.dataset.player) === editing));
  });
  document.querySelectorAll(".solver-range").forEach((box) => {
    box.classList.toggle("editing", Number(box.dataset.player) === editing);
  });
}

function gridWeight() {
  const w = Number($("solver-weight").value);
  return Number.isFinite(w) && w > 0 ? Math.min(w, 100) / 100 : 1;
}

// A stroke on the grid is written after the range's text (the later weight wins) and the
// service gives the canonical text back, as the odds tab's grid does.
let painting = Promise.resolve();
function paint(edits) {
  const p = editing;
  painting = painting.then(async () => {
    const base = readings[p] && readings[p].error ? "" : rangeInput(p).value.trim();
    const added = edits.map(([name, w]) => `${name}:${Number(w.toFixed(4))}`);
    const { ok, data } = await post("/v1/range", { range: [base, ...added].filter(Boolean).join(", "), exclude: "" });
    if (!ok) return;
    rangeInput(p).value = data.total ? data.text : "";
    await readRange(p);
  }).catch(() => {});
}

// ---- solving ----------------------------------------------------------------------------

const FIELDS = {
  "ranges[0]": "solver.range.0", "ranges[1]": "solver.range.1", board: "solver.board.name",
  pot: "solver.pot", stack: "solver.stack", bets: "solver.bets", raises: "solver.raises",
  target: "solver.target.name", time_limit: "solver.time.name",
};
const INPUTS = {
  "ranges[0]": "solver-range-0", "ranges[1]": "solver-range-1", board: "solver-board",
  pot: "solver-pot", stack: "solver-stack", bets: "solver-bets", raises: "solver-raises",
  target: "solver-target", time_limit: "solver-time",
};
const label = (field) => (FIELDS[field] ? t(FIELDS[field]) : fieldLabel(field));

class Refused extends Error {
  constructor(field, key) { super(key); this.field = field; this.key = key; }
}

function setState(state) {
  panel.dataset.state = state;
  const active = state === "queued" || state === "running";
  $("solver-solve").disabled = active;
  $("solver-cancel").disabled = !active;
  $("solver-progress").hidden = !active;
}

function status(text, error = false) {
  $("solver-status").textContent = text;
  $("solver-status").classList.toggle("error", error);
}

function showProblem() {
  Object.values(INPUTS).forEach((id) => $(id).removeAttribute("aria-invalid"));
  if (!problem) return;
  const text = problem.error ? refusalText(problem.error) : t(problem.key);
  const field = problem.field;
  status(field ? t("error.field", { field: label(field), message: text }) : text, true);
  if (INPUTS[field]) $(INPUTS[field]).setAttribute("aria-invalid", "true");
}

// The request from the form; a number that cannot be sent is refused here, in words.
function request() {
  const whole = (id, field) => {
    const x = Number($(id).value);
    if (!Number.isInteger(x) || x < 1 || $(id).value.trim() === "") throw new Refused(field, "solver.bad.whole");
    return x;
  };
  const ranges = [0, 1].map((p) => {
    if (!rangeInput(p).value.trim()) throw new Refused(`ranges[${p}]`, "solver.bad.range");
    return rangeInput(p).value.trim();
  });
  const body = {
    ranges, board: $("solver-board").value.replace(/[\s,]+/g, ""),
    pot: whole("solver-pot", "pot"), stack: whole("solver-stack", "stack"),
    bets: $("solver-bets").value.trim(), raises: $("solver-raises").value.trim(),
  };
  const target = Number($("solver-target").value);
  if ($("solver-target").value.trim() === "" || !(target >= 0 && target <= 100)) throw new Refused("target", "solver.bad.target");
  body.target = target / 100;
  const time = $("solver-time").value.trim();
  if (time) {
    if (!(Number(time) > 0)) throw new Refused("time_limit", "solver.bad.time");
    body.time_limit = Number(time);
  }
  return body;
}

function progressText() {
  const vars = {
    iterations: count(job.iterations), seconds: number(job.seconds ?? 0, 2),
    value: job.exploitability === null ? "–" : pct(job.exploitability, 2), target: pct(job.target, 2),
  };
  if (job.status === "queued") return t("solver.queued");
  if (job.status === "running") return t(job.exploitability === null ? "solver.running.first" : "solver.running", vars);
  if (job.status === "done") return t(job.reached ? "solver.done" : "solver.stopped", vars);
  if (job.status === "cancelled") return t("solver.cancelled", vars);
  return t("solver.failed", { message: job.error || "" });
}

// How far the solve has come: the exploitability's fall towards the target (on a log
// scale, from the first measure), or the time limit's share used, whichever is further.
let first = null;
function showProgress() {
  if (job.exploitability !== null && first === null) first = job.exploitability;
  let done = (job.seconds ?? 0) / job.time_limit;
  if (first !== null && job.exploitability !== null && job.target > 0 && first > job.target) {
    done = Math.max(done, Math.log(first / job.exploitability) / Math.log(first / job.target));
  }
  $("solver-progress").value = Math.max(0, Math.min(1, done));
  status(progressText(), job.status === "failed");
}

const sleep = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

async function getJob(line = "") {
  const query = line ? `?line=${encodeURIComponent(line)}` : "";
  const answer = await fetch(`/v1/solve/${job.id}${query}`);
  return { ok: answer.ok, status: answer.status, data: await answer.json() };
}

async function solve() {
  const mine = ++run;
  problem = null;
  view = null;
  first = null;
  $("solver-tree").hidden = true;
  let body;
  try {
    body = request();
  } catch (err) {
    if (!(err instanceof Refused)) throw err;
    problem = { field: err.field, key: err.key };
    setState("refused");
    showProblem();
    return;
  }
  showProblem();
  setState("queued");
  status(t("solver.queued"));
  try {
    const { ok, data } = await post("/v1/solve", body);
    if (mine !== run) return;
    if (!ok) {
      problem = { field: data.error.field, error: data.error };
      setState("refused");
      showProblem();
      return;
    }
    job = data;
    panel.dataset.job = job.id;
    while (job.status === "queued" || job.status === "running") {
      setState(job.status);
      showProgress();
      await sleep(job.iterations ? 200 : 60);
      const answer = await getJob();
      if (mine !== run) return;
      if (!answer.ok) throw new Error(answer.data.error.message);
      job = answer.data;
    }
    showProgress();
    if (job.status === "done") {
      view = { root: job.node, node: job.node, trail: [], shown: "", onPlay: play, onJump: jump, onShow: showChoice };
      drawNode(view);
    }
    setState(job.status);
  } catch (err) {
    if (mine !== run) return;
    setState("failed");
    status(t("solver.offline", { error: err.message }), true);
  }
}

async function cancel() {
  if (!job) return;
  $("solver-cancel").disabled = true;
  await fetch(`/v1/solve/${job.id}`, { method: "DELETE" });
}

// ---- walking the tree -------------------------------------------------------------------

async function goTo(trail) {
  const tree = $("solver-tree");
  tree.dataset.busy = "1";
  try {
    const answer = await getJob(trail.map((s) => s.token).join(" "));
    if (!answer.ok) {
      status(answer.status === 404 ? t("solver.expired") : refusalText(answer.data.error), true);
      return;
    }
    Object.assign(view, { node: answer.data.node, trail });
    drawNode(view);
  } catch (err) {
    status(t("solver.offline", { error: err.message }), true);
  } finally {
    delete tree.dataset.busy;
  }
}

function play(token) {
  const node = view.node;
  const step = node.kind === "chance"
    ? { token, player: null, street: node.board.length === 6 ? "turn" : "river" }
    : { token, player: node.player };
  goTo([...view.trail, step]);
}

function jump(k) {
  goTo(view.trail.slice(0, k));
}

function showChoice(choice) {
  view.shown = choice;
  drawNode(view);
}

// ---- the page's language ----------------------------------------------------------------

function relabel() {
  editor.relabel();
  showGrid();
  [0, 1].forEach(showRange);
  if (problem) showProblem();
  else if (job) status(progressText(), job.status === "failed");
  else status(t("solver.ready"));
  if (view) drawNode(view);
}

function init() {
  editor = rangeEditor($("solver-grid"), {
    weight: gridWeight,
    onPaint: paint,
    onOpen: () => {},
    suitMode: () => false,
    label: (hand, w) => (w > 0 ? t("grid.cell", { hand, w: Math.round(w * 100) }) : t("grid.cell.off", { hand })),
  });
  document.querySelectorAll('.tabs [role="tab"]').forEach((tab) => {
    tab.addEventListener("click", () => showTab(tab.id === "tab-solver"));
  });
  [0, 1].forEach((p) => {
    let timer = null;
    rangeInput(p).addEventListener("input", () => {
      clearTimeout(timer);
      timer = setTimeout(() => readRange(p), 250);
    });
    rangeInput(p).addEventListener("focus", () => { if (editing !== p) { editing = p; showGrid(); } });
  });
  document.querySelectorAll(".solver-edit").forEach((b) => b.addEventListener("click", () => {
    editing = Number(b.dataset.player);
    showGrid();
    $("solver-grid").querySelector('.cell[tabindex="0"]').focus();
  }));
  $("solver-clear").addEventListener("click", () => {
    rangeInput(editing).value = "";
    readRange(editing);
  });
  $("solver-solve").addEventListener("click", solve);
  $("solver-cancel").addEventListener("click", cancel);
  // app.js sets the language on the same event before this listener runs.
  $("lang").addEventListener("change", relabel);
  setState("idle");
  showGrid();
  status(t("solver.ready"));
  [0, 1].forEach(readRange);
}

init();
