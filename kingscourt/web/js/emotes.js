// The chat's emotes and icons drawn as inline SVG, so that they show alike where no colour-emoji
// font is installed. An emote is still sent as its character (👍, 😀...): every client draws
// the characters it knows, in a message's text too.

import { lazy, t } from "./i18n.js";

const NS = "http://www.w3.org/2000/svg";

function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  for (const c of children) if (c) el.append(c);
  if (tag === "svg") el.style.verticalAlign = "-0.2em"; // on the text's line (CSSOM: no inline style)
  return el;
}

const INK = "#3b2a05";
const FACE = "#f5c21b";

// a round face: its eyes and mouth drawn over it
function face(...parts) {
  return [svg("circle", { cx: 12, cy: 12, r: 10.5, fill: FACE, stroke: INK, "stroke-width": 1.2 }), ...parts];
}
const eyes = () => [svg("circle", { cx: 8.5, cy: 9.5, r: 1.4, fill: INK }), svg("circle", { cx: 15.5, cy: 9.5, r: 1.4, fill: INK })];
const stroke = { fill: "none", stroke: INK, "stroke-width": 1.5, "stroke-linecap": "round" };

// each emote: its character, its name (for screen readers) and its drawing on a 24×24 grid
const DRAWINGS = {
  "👍": () => [
    svg("path", { d: "M3 11h4v10H3z", fill: "#e0a96d", stroke: INK, "stroke-width": 1.2, "stroke-linejoin": "round" }),
    svg("path", { d: "M7 11l4-7c1.6 0 2.6 1 2.2 2.8L12.6 10H19c1.3 0 2.2 1.2 1.9 2.4l-1.7 6.8c-.3 1.1-1.2 1.8-2.3 1.8H7z",
      fill: "#f2c08a", stroke: INK, "stroke-width": 1.2, "stroke-linejoin": "round" })],
  "😀": () => face(...eyes(), svg("path", { d: "M7 14c1.2 3 8.8 3 10 0z", fill: INK })),
  "😮": () => face(...eyes(), svg("ellipse", { cx: 12, cy: 16, rx: 2.2, ry: 2.8, fill: INK })),
  "😢": () => face(...eyes(), svg("path", { d: "M8 17.5c1.8-2.4 6.2-2.4 8 0", ...stroke }),
    svg("path", { d: "M16 11.5c.9 1.4 1.4 2.3 1.4 3a1.4 1.4 0 0 1-2.8 0c0-.7.5-1.6 1.4-3z", fill: "#3b8ede" })),
  "😂": () => face(svg("path", { d: "M6.5 10l3-1.5M17.5 10l-3-1.5", ...stroke }), svg("path", { d: "M6.5 13.5c1.5 4 9.5 4 11 0z", fill: INK }),
    svg("path", { d: "M4 12c-.8 1.5-1 2.4-.6 3.1a1.2 1.2 0 0 0 2-.2M20 12c.8 1.5 1 2.4.6 3.1a1.2 1.2 0 0 1-2-.2", fill: "#3b8ede" })),
  "👏": () => [
    svg("path", { d: "M6 20l-2-8 3-1 1.5 3L9 6l2.5.3L12 13l1-8 2.6.4-.4 8 1.6-4.4 2.3.8-2.4 8.4c-.7 2.2-2.7 3.8-5 3.8H9.4C7.8 22 6.4 21.2 6 20z",
      fill: "#f2c08a", stroke: INK, "stroke-width": 1.1, "stroke-linejoin": "round" }),
    svg("path", { d: "M3 6l2 1.5M5.5 2.5l1 2.3M9.5 2l-.2 2", ...stroke, "stroke-width": 1.2 })],
};

const NAMES = lazy(() => ({
  "👍": t("thumbs up"), "😀": t("smile"), "😮": t("surprise"), "😢": t("tear"), "😂": t("laughter"), "👏": t("applause"),
}));

/** The emotes the chat offers, in order: their characters. */
export const EMOTES = Object.keys(DRAWINGS);

/** An emote's name in the reader's language (its character where it has none). */
export function emoteName(char) {
  return NAMES[char] || char;
}

/** The emote `char` drawn (an <svg> named by the emote, a picture for screen readers). */
export function emoteIcon(char, size = "1.25em") {
  const draw = DRAWINGS[char];
  if (!draw) return document.createTextNode(char);
  return svg("svg", { viewBox: "0 0 24 24", width: size, height: size, class: "emote", role: "img", "aria-label": emoteName(char), focusable: "false" },
    svg("title", {}, document.createTextNode(emoteName(char))), ...draw());
}

/** A speech bubble (the chat's own icon), hidden from screen readers beside its text. */
export function chatIcon(size = "1.1em") {
  return svg("svg", { viewBox: "0 0 24 24", width: size, height: size, class: "emote icon", "aria-hidden": "true", focusable: "false" },
    svg("path", { d: "M4 4h16a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2h-8l-5 4v-4H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z", fill: "none", stroke: "currentColor", "stroke-width": 1.8, "stroke-linejoin": "round" }));
}

/** An eye (the spectators' icon), hidden from screen readers beside its text. */
export function eyeIcon(size = "1.1em") {
  return svg("svg", { viewBox: "0 0 24 24", width: size, height: size, class: "emote icon", "aria-hidden": "true", focusable: "false" },
    svg("path", { d: "M2 12s3.6-6 10-6 10 6 10 6-3.6 6-10 6S2 12 2 12z", fill: "none", stroke: "currentColor", "stroke-width": 1.8 }),
    svg("circle", { cx: 12, cy: 12, r: 3, fill: "currentColor" }));
}

const ANY = new RegExp(`(${EMOTES.join("|")})`, "u");

/** `text` as nodes: the emotes it holds drawn, the rest as text. */
export function withEmotes(text) {
  return String(text).split(ANY).filter((part) => part !== "").map((part) => (DRAWINGS[part] ? emoteIcon(part) : part));
}
