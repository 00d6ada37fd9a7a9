// The service's refusals in the page's words: an error answer carries a code and the
// values its English message names (pokerforge.service.refusal); the page says it in its
// own language, naming the field as the page labels it. A refusal of no known code keeps
// the service's message.
import { t } from "./i18n.js";

// "players[1]" -> "Player 2", "stacks[0]" -> "Stack 1", "board" -> "Board", ...
export function fieldLabel(field) {
  const item = /^(\w+)\[(\d+)\]$/.exec(field || "");
  if (item) {
    const key = `field.${item[1]}.item`;
    if (item[1] === "players") return t("player", { n: Number(item[2]) + 1 });
    return t(key) !== key ? t(key, { n: Number(item[2]) + 1 }) : field;
  }
  const key = `field.${field}`;
  return t(key) !== key ? t(key) : field;
}

// The sentence for an error body {type, field, message, code, values}, without the field.
export function refusalText(error) {
  const values = { ...(error.values || {}) };
  if (values.position !== undefined) values.position = Number(values.position) + 1;
  const key = `refusal.${error.code}`;
  if (error.code === "bad_range" && values.char === undefined) return t("refusal.bad_range.plain", values);
  if (error.code && t(key) !== key) return t(key, values);
  // No sentence of the page's own for the code: one for the kind of answer (busy, too
  // many requests, a crash), else the service's message.
  const kind = `refusal.type.${error.type}`;
  return t(kind) !== kind ? t(kind) : error.message || "";
}

// The whole sentence: "Player 1: 'Xx' is not a card ...".
export function refusalWithField(error) {
  const text = refusalText(error);
  return error.field ? t("error.field", { field: fieldLabel(error.field), message: text }) : text;
}
