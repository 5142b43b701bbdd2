// Card faces drawn as SVG in the browser, nothing fetched: the 52 French cards (index
// corners, pips in the usual places, simple court cards), card backs and the fans of backs
// that show how many cards another seat holds.
//
// Colours come from CSS (faces.css): every suit shape is filled with currentColor and the
// card carries a suit-S/H/D/C class, so the four-colour deck is one class on <html>.

import { tn } from "./i18n.js";

const NS = "http://www.w3.org/2000/svg";

function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  for (const c of children) if (c) el.append(c);
  return el;
}

// Each suit's shape in a 10×10 box.
const SUIT_PATHS = {
  H: "M5 9.6C3.6 8.2 0 5.6 0 2.9 0 1.2 1.3 0 2.7 0 3.8 0 4.6.7 5 1.7 5.4.7 6.2 0 7.3 0 8.7 0 10 1.2 10 2.9 10 5.6 6.4 8.2 5 9.6Z",
  D: "M5 0 8.8 5 5 10 1.2 5Z",
  S: "M5 0C6.4 1.6 10 3.9 10 6.4 10 7.9 8.9 8.9 7.6 8.9 6.7 8.9 6 8.4 5.5 7.6 5.6 8.7 6.1 9.5 6.9 10H3.1C3.9 9.5 4.4 8.7 4.5 7.6 4 8.4 3.3 8.9 2.4 8.9 1.1 8.9 0 7.9 0 6.4 0 3.9 3.6 1.6 5 0Z",
  C: "M5 0A2.3 2.3 0 0 1 6.9 3.7 2.3 2.3 0 1 1 5.6 7.4C5.7 8.5 6.1 9.4 6.9 10H3.1C3.9 9.4 4.3 8.5 4.4 7.4A2.3 2.3 0 1 1 3.1 3.7 2.3 2.3 0 0 1 5 0Z",
};

/** One suit shape of ``size`` units centred on (x, y); upside down when ``flip``. */
export function suitShape(suit, x, y, size, flip = false) {
  const s = size / 10;
  const rot = flip ? ` rotate(180 ${x} ${y})` : "";
  return svg("path", { d: SUIT_PATHS[suit], fill: "currentColor", class: "suit-shape",
    transform: `${rot} translate(${x - size / 2} ${y - size / 2}) scale(${s})`.trim() });
}

// Pip places on a 60×84 card: columns 20/30/40, rows from 18 to 66; bottom half upside down.
const L = 21, C = 30, R = 39;
const PIPS = {
  2: [[C, 18], [C, 66]],
  3: [[C, 18], [C, 42], [C, 66]],
  4: [[L, 18], [R, 18], [L, 66], [R, 66]],
  5: [[L, 18], [R, 18], [C, 42], [L, 66], [R, 66]],
  6: [[L, 18], [R, 18], [L, 42], [R, 42], [L, 66], [R, 66]],
  7: [[L, 18], [R, 18], [C, 30], [L, 42], [R, 42], [L, 66], [R, 66]],
  8: [[L, 18], [R, 18], [C, 30], [L, 42], [R, 42], [C, 54], [L, 66], [R, 66]],
  9: [[L, 18], [R, 18], [L, 34], [R, 34], [C, 42], [L, 50], [R, 50], [L, 66], [R, 66]],
  10: [[L, 18], [R, 18], [C, 26], [L, 34], [R, 34], [L, 50], [R, 50], [C, 58], [L, 66], [R, 66]],
};

const COURT = { K: "king", Q: "queen", J: "jack" };

function rankLabel(r) {
  return r === "T" ? "10" : r;
}

function corner(rank, suit, flip) {
  const g = svg("g", { class: "index", transform: flip ? "rotate(180 30 42)" : "" },
    svg("text", { x: 7, y: 12, "text-anchor": "middle", "font-size": rank === "T" ? 9.5 : 11,
      "font-weight": 700, fill: "currentColor", "font-family": "Georgia, 'DejaVu Serif', serif",
      "letter-spacing": rank === "T" ? -0.8 : 0 }, document.createTextNode(rankLabel(rank))),
    suitShape(suit, 7, 18.5, 7));
  return g;
}

// A simple court figure: a framed panel, the figure's headwear drawn in lines, the letter.
function court(rank, suit) {
  const parts = [svg("rect", { x: 13, y: 10, width: 34, height: 64, rx: 3, class: "court-frame" })];
  const hat = {
    K: "M19 30 L19 20 L24.5 25 L30 17 L35.5 25 L41 20 L41 30 Z", // crown
    Q: "M20 30 Q20 21 30 19 Q40 21 40 30 Z M27 17 A3 3 0 1 1 33 17 A3 3 0 1 1 27 17", // tiara
    J: "M19 30 Q22 22 33 21 L43 17 L38 25 Q40 27 41 30 Z", // cap with feather
  }[rank];
  parts.push(svg("path", { d: hat, class: "court-hat", fill: "currentColor" }));
  parts.push(svg("text", { x: 30, y: 55, "text-anchor": "middle", "font-size": 24, "font-weight": 700,
    fill: "currentColor", "font-family": "Georgia, 'DejaVu Serif', serif" }, document.createTextNode(rank)));
  parts.push(suitShape(suit, 30, 66, 8));
  return svg("g", { class: `court ${COURT[rank]}` }, ...parts);
}

/** A French card's face as an <svg> (52 possible: rank AKQJT98765432 + suit SHDC). */
export function frenchFace(card) {
  const [rank, suit] = card;
  const body = [svg("rect", { x: 0.5, y: 0.5, width: 59, height: 83, rx: 5, class: "face-bg" })];
  if (rank === "A") body.push(suitShape(suit, 30, 42, 22));
  else if (COURT[rank]) body.push(court(rank, suit));
  else {
    const n = rank === "T" ? 10 : Number(rank);
    for (const [x, y] of PIPS[n]) body.push(suitShape(suit, x, y, 10, y > 42));
  }
  body.push(corner(rank, suit, false), corner(rank, suit, true));
  return svg("svg", { viewBox: "0 0 60 84", class: "face", "aria-hidden": "true", focusable: "false" }, ...body);
}

/** The back of a playing card. */
export function cardBack() {
  return svg("svg", { viewBox: "0 0 60 84", class: "back", "aria-hidden": "true", focusable: "false" },
    svg("rect", { x: 0.5, y: 0.5, width: 59, height: 83, rx: 5, class: "back-bg" }),
    svg("rect", { x: 5, y: 5, width: 50, height: 74, rx: 3, class: "back-lattice" }),
    svg("path", { d: "M30 20 L42 42 L30 64 L18 42 Z", class: "back-mark" }));
}

/** The other seat's hand as a fan of ``n`` backs (its width grows with the hand). */
export function fan(n, label) {
  const el = document.createElement("div");
  el.className = "fan";
  el.dataset.cards = String(n);
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", label || tn("{n} card", "{n} cards", n));
  el.style.setProperty("--n", String(n));
  for (let i = 0; i < n; i++) {
    const b = document.createElement("span");
    b.className = "fan-card";
    b.style.setProperty("--i", String(i));
    b.append(cardBack());
    el.append(b);
  }
  return el;
}
