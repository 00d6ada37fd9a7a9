// Language: the two text tables, the choice (from the URL, then the browser), number
// formats, and the page's static text (elements marked with data-i18n attributes).
import en from "./text-en.js";
import it from "./text-it.js";

export const TABLES = { en, it };
let current = "en";

export function pickLanguage(asked) {
  if (asked && TABLES[asked]) return asked;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const base = String(tag).slice(0, 2).toLowerCase();
    if (TABLES[base]) return base;
  }
  return "en";
}

export function setLanguage(code) {
  current = TABLES[code] ? code : "en";
  document.documentElement.lang = current;
}

export const language = () => current;

// The text for `key` with {name} placeholders filled from `vars`.
export function t(key, vars = {}) {
  const text = TABLES[current][key] ?? TABLES.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in vars ? String(vars[name]) : `{${name}}`));
}

// Percent with two decimals in the language's own number format ("81.26%", "81,26%").
export function pct(x, digits = 2) {
  return new Intl.NumberFormat(current, {
    style: "percent", minimumFractionDigits: digits, maximumFractionDigits: digits,
  }).format(x);
}

export function count(n) {
  return new Intl.NumberFormat(current).format(n);
}

// Fills every element marked data-i18n (text), data-i18n-label (aria-label),
// data-i18n-placeholder and data-i18n-title.
export function applyStatic(root = document) {
  root.querySelectorAll("[data-i18n]").forEach((el) => { el.textContent = t(el.dataset.i18n); });
  root.querySelectorAll("[data-i18n-label]").forEach((el) => {
    el.setAttribute("aria-label", t(el.dataset.i18nLabel));
  });
  root.querySelectorAll("[data-i18n-placeholder]").forEach((el) => {
    el.placeholder = t(el.dataset.i18nPlaceholder);
  });
  document.title = t("title");
}
