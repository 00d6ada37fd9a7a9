// What the page remembers in the browser (localStorage), apart from the question, which
// lives in the URL: the four-colour deck and the saved ranges (saved.js). A browser that
// refuses storage (private mode, a full disk) keeps the choices for the visit only.
import { $ } from "./page.js";

const FOUR_COLOUR = "pokerforge.fourColour";

export function load(key, fallback) {
  try {
    const text = localStorage.getItem(key);
    return text === null ? fallback : JSON.parse(text);
  } catch {
    return fallback;
  }
}

export function store(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

// The four-colour deck: spades black, hearts red, diamonds blue, clubs green, on every
// card of the page (the cards carry suit-x classes; style.css colours them).
function applyFourColour(on) {
  document.body.classList.toggle("four-colour", on);
  $("four-colour").checked = on;
}

export function wirePrefs() {
  applyFourColour(load(FOUR_COLOUR, false) === true);
  $("four-colour").addEventListener("change", (e) => {
    store(FOUR_COLOUR, e.target.checked);
    applyFourColour(e.target.checked);
  });
}
