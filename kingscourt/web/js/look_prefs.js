// The table's look-and-feel settings, remembered in localStorage: sound off, the four-colour
// deck, playing a single legal action for you, confirming before a card is played. The strip of
// switches a table page shows beside its header.

import { h } from "./dom.js";
import { lazy, t } from "./i18n.js";

const KEY = "kingscourt.look.";
const DEFAULTS = { muted: false, fourColour: false, autoPlay: false, confirmPlay: false };

// player-facing strings of this module
const TEXT = lazy(() => ({
  muted: [t("Sound"), t("Sound on or off")],
  fourColour: [t("Four colours"), t("A four-colour deck: diamonds blue, clubs green")],
  autoPlay: [t("Auto-play single card"), t("When only one card can be played, play it for me")],
  confirmPlay: [t("Confirm plays"), t("Click a card twice to play it")],
  bar: t("Table settings"),
}));

export function pref(name) {
  try {
    const v = localStorage.getItem(KEY + name);
    return v === null ? DEFAULTS[name] : v === "true";
  } catch { return DEFAULTS[name]; }
}

export function setPref(name, on) {
  try { localStorage.setItem(KEY + name, on ? "true" : "false"); } catch { /* private mode */ }
  applyPrefs();
}

/** The settings that are classes on <html> (the four-colour deck). */
export function applyPrefs() {
  document.documentElement.classList.toggle("four-colour", pref("fourColour"));
}

/** Whether motion is wanted: the system's reduced-motion setting turns it off. */
export function motionOn() {
  return !(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
}

/**
 * The strip of switches: sound and confirm plays for every game, and the ones the game's
 * /api/games entry offers in ``looks`` ("fourColour", "autoPlay").
 */
export function lookBar(looks = []) {
  const box = (name, inverted = false) => {
    const [label, title] = TEXT[name];
    const checked = inverted ? !pref(name) : pref(name);
    return h("label.look-switch", { title },
      h("input", { type: "checkbox", id: `look-${name}`, checked,
        onChange: (e) => setPref(name, inverted ? !e.target.checked : e.target.checked) }), ` ${label}`);
  };
  return h("span.look-bar", { role: "group", "aria-label": TEXT.bar },
    box("muted", true),
    looks.includes("fourColour") ? box("fourColour") : null,
    looks.includes("autoPlay") ? box("autoPlay") : null,
    box("confirmPlay"));
}

applyPrefs();
