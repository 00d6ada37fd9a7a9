// The hands tab: hand-history files (any room's text or XML, PHH) chosen or dropped here
// are sent as text to POST /v1/stats, which answers each player's figures over the hands
// the filters keep and, for the player chosen, the winnings hand by hand; the page draws
// the table and the graph (stats-graph.js) itself. The files stay in the page: changing a
// filter or the player sends them again.
import { language, pct, t } from "./i18n.js";
import { $, option, post } from "./page.js";
import { fieldLabel, refusalText } from "./refusal.js";
import { amount, legend, winningsGraph } from "./stats-graph.js";

const panel = $("stats-panel");
const FILTERS = ["kind", "unit", "stakes", "game", "room", "position"];
const DAYS = ["since", "until"];
// The table's figures: the answer's field and how it is written.
export const COLUMNS = [
  ["hands", "count"], ["vpip", "pct"], ["pfr", "pct"], ["three_bet", "pct"],
  ["cbet_flop", "pct"], ["steal", "pct"], ["went_to_showdown", "pct"],
  ["won_at_showdown", "pct"], ["bb_per_100", "rate"], ["net", "money"], ["allin_net", "money"],
];

let files = []; // [{name, text}] as read from the user's files
let run = 0; // the request sent last: answers to an older one are dropped
let last = null; // the last answer shown
let problem = null; // the refusal shown: {error, at} (at: "player" or "status")

// ---- the tab ----------------------------------------------------------------------------

function showTab(on) {
  if (on) {
    document.querySelectorAll('[role="tabpanel"]').forEach((p) => { p.hidden = p !== panel; });
    document.querySelectorAll('.tabs [role="tab"]').forEach((tab) => {
      tab.setAttribute("aria-selected", String(tab.id === "tab-stats"));
    });
  } else {
    panel.hidden = true;
    $("tab-stats").setAttribute("aria-selected", "false");
  }
}

function setState(state) {
  panel.dataset.state = state;
  $("stats-apply").disabled = state === "busy" || state === "reading" || !files.length;
}

// ---- the files --------------------------------------------------------------------------

// A file's text: UTF-16 where it starts with a byte-order mark, else UTF-8, else the
// Western Windows code page older clients wrote.
function decode(bytes) {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

async function readFiles(list) {
  const chosen = [...list];
  if (!chosen.length) return;
  setState("reading");
  files = await Promise.all(chosen.map(async (file) => ({
    name: file.name, text: decode(new Uint8Array(await file.arrayBuffer())),
  })));
  for (const id of [...FILTERS, ...DAYS]) $(`stats-${id}`).value = "";
  $("stats-player").value = "";
  last = null;
  showChosen();
  await ask();
}

function showChosen() {
  const size = files.reduce((sum, f) => sum + f.text.length, 0);
  $("stats-chosen").textContent = files.length
    ? t("stats.chosen", { n: amount(files.length, 0), kb: amount(size / 1024, 0) }) : "";
}

// ---- asking the service -----------------------------------------------------------------

function question(withPlayer) {
  const body = { files };
  for (const id of [...FILTERS, ...DAYS]) {
    const value = $(`stats-${id}`).value;
    if (value) body[id] = value;
  }
  const player = $("stats-player").value;
  if (withPlayer && player) body.player = player;
  return body;
}

async function ask() {
  if (!files.length) return;
  const mine = ++run;
  setState("busy");
  status(t("stats.busy"));
  let answer = await send(question(true));
  if (mine !== run) return;
  problem = null;
  if (!answer.ok && answer.data.error && answer.data.error.field === "player") {
    // The player's graph cannot be drawn with these filters: say why at the player, and
    // show the table all the same.
    problem = { error: answer.data.error, at: "player" };
    answer = await send(question(false));
    if (mine !== run) return;
  }
  if (!answer.ok) {
    problem = { error: answer.data.error, at: "status" };
    setState("refused");
    draw();
    return;
  }
  last = answer.data;
  setState("done");
  draw();
}

async function send(body) {
  try {
    return await post("/v1/stats", body);
  } catch {
    return { ok: false, data: { error: { type: "network", code: "", message: t("stats.network") } } };
  }
}

// ---- drawing ----------------------------------------------------------------------------

function status(text) {
  $("stats-status").textContent = text;
}

const unitName = (v) => (v === "chips" || v === "money" ? t(`stats.unit.${v}`) : v);

function refusal(error) {
  let said = error;
  if (error.code === "several_units" && error.values && error.values.units) {
    // "cash in USD, tournament in chips" in the page's words.
    const units = error.values.units.split(", ").map((part) => {
      const [kind, unit] = part.split(" in ");
      return `${t(`stats.kind.${kind}`).toLowerCase()} (${unitName(unit)})`;
    });
    said = { ...error, values: { ...error.values, units: units.join(", ") } };
  }
  const text = refusalText(said);
  return error.field && error.field !== "player" && error.field !== "body"
    ? t("error.field", { field: fieldLabel(`stats.${error.field}`), message: text }) : text;
}

function fill(select, values, label) {
  const chosen = select.value;
  select.replaceChildren(option("", t("stats.any")), ...values.map((v) => option(v, label(v))));
  select.value = values.includes(chosen) ? chosen : "";
}

function drawChoices(choices) {
  fill($("stats-kind"), choices.kinds, (v) => t(`stats.kind.${v}`));
  fill($("stats-unit"), choices.units, unitName);
  fill($("stats-stakes"), choices.stakes, (v) => v);
  fill($("stats-game"), choices.games, (v) => v);
  fill($("stats-room"), choices.rooms, (v) => v);
  fill($("stats-position"), choices.positions, (v) => v);
}

function groupText(row) {
  const kind = t(`stats.kind.${row.kind}`);
  return [kind, unitName(row.unit), row.stakes, row.game].filter(Boolean).join(" · ");
}

// The figure as the table writes it: a share, a rate, an amount (as exact as the answer
// gives it) or a count; a dash where the player never had the chance.
export function figure(value, how) {
  if (value === null || value === undefined) return "–";
  if (how === "pct") return pct(value, 1);
  if (how === "rate") return amount(value, 1);
  if (how === "money") {
    const places = (String(value).split(".")[1] || "").length;
    return new Intl.NumberFormat(language(), {
      minimumFractionDigits: places, maximumFractionDigits: places,
    }).format(Number(value));
  }
  return amount(value, 0);
}

function drawTable(answer) {
  const table = $("stats-table");
  $("stats-caption").textContent = t("stats.caption", {
    hands: amount(answer.hands, 0), players: amount(answer.players_total, 0),
  });
  const head = document.createElement("tr");
  for (const key of ["player", "group", ...COLUMNS.map(([name]) => name)]) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = t(`stats.col.${key}`);
    const title = `stats.col.${key}.title`;
    if (t(title) !== title) th.title = t(title);
    head.append(th);
  }
  table.tHead.replaceChildren(head);
  const rows = answer.players.map((row) => {
    const tr = document.createElement("tr");
    tr.dataset.player = row.player;
    tr.dataset.group = [row.kind, row.unit, row.stakes, row.game].join("|");
    const name = document.createElement("th");
    name.scope = "row";
    name.textContent = row.player;
    const group = document.createElement("td");
    group.className = "group";
    group.textContent = groupText(row);
    tr.append(name, group);
    for (const [key, how] of COLUMNS) {
      const td = document.createElement("td");
      td.dataset.stat = key;
      td.dataset.value = row[key] === null ? "" : String(row[key]);
      td.textContent = figure(row[key], how);
      tr.append(td);
    }
    return tr;
  });
  table.tBodies[0].replaceChildren(...rows);
  table.hidden = false;
}

function drawPlayers(answer) {
  const select = $("stats-player");
  const chosen = select.value;
  const names = [...new Set(answer.players.map((r) => r.player))];
  if (chosen && !names.includes(chosen)) names.unshift(chosen);
  select.replaceChildren(option("", t("stats.player.none")), ...names.map((n) => option(n, n)));
  select.value = chosen;
  $("stats-player-box").hidden = false;
}

function drawGraph(answer) {
  const box = $("stats-graph");
  if (!answer || !answer.series) {
    box.replaceChildren();
    box.hidden = true;
    return;
  }
  const title = document.createElement("h3");
  title.id = "stats-graph-title";
  title.textContent = t("stats.graph.title", { player: answer.series.player, n: amount(answer.series.hands, 0) });
  box.replaceChildren(title, winningsGraph(answer.series), legend(answer.series));
  box.hidden = false;
}

function draw() {
  const error = $("stats-player-error");
  error.textContent = problem && problem.at === "player" ? refusal(problem.error) : "";
  if (problem && problem.at === "player") $("stats-player").setAttribute("aria-invalid", "true");
  else $("stats-player").removeAttribute("aria-invalid");
  if (problem && problem.at === "status") {
    status(t("stats.error", { message: refusal(problem.error) }));
    return;
  }
  if (!last) return;
  const causes = Object.entries(last.causes).map(([cause, n]) => `${cause} ${amount(n, 0)}`);
  const skipped = last.skipped
    ? t("stats.skipped", { n: amount(last.skipped, 0), causes: causes.join(", ") }) : "";
  status(t("stats.done", {
    files: amount(last.files, 0), read: amount(last.hands_read, 0), kept: amount(last.hands, 0),
  }) + skipped);
  drawChoices(last.choices);
  drawTable(last);
  drawPlayers(last);
  drawGraph(problem ? null : last);
}

// ---- wiring -----------------------------------------------------------------------------

function init() {
  document.querySelectorAll('.tabs [role="tab"]').forEach((tab) => {
    tab.addEventListener("click", () => showTab(tab.id === "tab-stats"));
  });
  $("stats-pick").addEventListener("change", (e) => readFiles(e.target.files));
  const drop = $("stats-drop");
  drop.addEventListener("dragover", (e) => { e.preventDefault(); drop.classList.add("over"); });
  drop.addEventListener("dragleave", () => drop.classList.remove("over"));
  drop.addEventListener("drop", (e) => {
    e.preventDefault();
    drop.classList.remove("over");
    readFiles(e.dataTransfer.files);
  });
  $("stats-apply").addEventListener("click", ask);
  $("stats-reset").addEventListener("click", () => {
    for (const id of [...FILTERS, ...DAYS]) $(`stats-${id}`).value = "";
    ask();
  });
  $("stats-player").addEventListener("change", ask);
  // app.js sets the language on the same event before this listener runs.
  $("lang").addEventListener("change", () => {
    showChosen();
    for (const id of FILTERS) $(`stats-${id}`).options[0].textContent = t("stats.any");
    $("stats-player").options[0].textContent = t("stats.player.none");
    if (last || problem) draw();
    else status(t("stats.ready"));
  });
  for (const id of FILTERS) $(`stats-${id}`).append(option("", t("stats.any")));
  $("stats-player").append(option("", t("stats.player.none")));
  setState("idle");
  status(t("stats.ready"));
}

init();
