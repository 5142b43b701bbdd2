// Ucho Króla's cards drawn as cards: a card-shaped face per kind (intrigue: a dagger behind a
// mask; buffoonery: a jester's cap with bells; special: a fan; Ucho Króla: the King's ear under
// a crown), a portrait emblem per character (a lady's coiffure, a gentleman's tricorne, a
// bishop's mitre, by the title the name begins with, in a colour of its own), the prestige
// as a wax seal, and the card back for the deck and the piles. Everything is inline SVG made
// here: no image is fetched, no font is needed.

const NS = "http://www.w3.org/2000/svg";

export function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  for (const c of children.flat()) if (c) el.append(c);
  return el;
}

const INK = "#2a2118";
const line = (d, width = 1.4, colour = INK) =>
  svg("path", { d, fill: "none", stroke: colour, "stroke-width": width, "stroke-linecap": "round", "stroke-linejoin": "round" });
const shape = (d, fill, width = 1.2) => svg("path", { d, fill, stroke: INK, "stroke-width": width, "stroke-linejoin": "round" });

// the emblems, each on a 40×40 grid
const EMBLEMS = {
  intrigue: () => [
    shape("M20 4l2.4 4v14h-4.8V8z", "#d9dde3"), // the dagger's blade
    shape("M13 22h14v2.6H13z", "#b8901a"),
    shape("M18.6 24.6h2.8v6h-2.8z", "#6b3d1e"),
    shape("M6 14c4-3 10-3 14 0 4-3 10-3 14 0-1 7-5 10-9 10-2 0-4-1-5-3-1 2-3 3-5 3-4 0-8-3-9-10z", "#7a1f2b"), // the mask
    svg("ellipse", { cx: 13.5, cy: 17, rx: 2.6, ry: 1.6, fill: "#f4ead5" }),
    svg("ellipse", { cx: 26.5, cy: 17, rx: 2.6, ry: 1.6, fill: "#f4ead5" })],
  buffoonery: () => [
    shape("M8 28c0-8 4-16 12-18 8 2 12 10 12 18z", "#2f6db3"),
    shape("M20 10C16 6 9 5 5 9c4 0 7 3 8 8z", "#c0392b"),
    shape("M20 10c4-4 11-5 15-1-4 0-7 3-8 8z", "#e0b21b"),
    shape("M7 28h26v4H7z", "#e0b21b"),
    svg("circle", { cx: 5, cy: 9, r: 2.2, fill: "#e0b21b", stroke: INK, "stroke-width": 1 }),
    svg("circle", { cx: 35, cy: 9, r: 2.2, fill: "#e0b21b", stroke: INK, "stroke-width": 1 }),
    svg("circle", { cx: 20, cy: 8.5, r: 2.2, fill: "#e0b21b", stroke: INK, "stroke-width": 1 })],
  special: () => [
    shape("M20 32L5 14c5-5 25-5 30 0z", "#4f9a4f"), // a lady's fan
    line("M20 32L9 12M20 32l-4-21M20 32V10M20 32l4-21M20 32l11-20", 1),
    shape("M5 14c5-5 25-5 30 0-5-2-25-2-30 0z", "#e9f3e4", 0.8),
    svg("circle", { cx: 20, cy: 32, r: 2, fill: "#b8901a", stroke: INK, "stroke-width": 1 })],
  ucho: () => [
    shape("M11 10l3 5 3-6 3 6 3-6 3 6 3-5-1 8H12z", "#e0b21b"), // the crown
    shape("M24 20c-5-2-11 1-11 7 0 3 2 4 2 6s-1 3 1 4c3 1 5-1 6-3 1-3 5-4 6-8 1-3-1-5-4-6z", "#f2c9a0"), // the ear
    line("M19 26c0-2 2-3 4-2 1 1 0 3-1 4", 1.2)],
  unknown: () => [svg("circle", { cx: 20, cy: 20, r: 10, fill: "#ccc", stroke: INK })],
};

// a character's portrait by the title its name begins with
const LADY = /^(Hrabina|Madame|Baronowa|Markiza|Królowa|Księżna)\b/u;
const CLERIC = /^(Biskup|Kardynał|Opat|Ksiądz)\b/u;

function hue(name) {
  let n = 0;
  for (const ch of name) n = (n * 31 + ch.codePointAt(0)) % 360;
  return n;
}

function portrait(name) {
  const coat = `hsl(${hue(name)} 45% 38%)`;
  const parts = [svg("circle", { cx: 20, cy: 20, r: 18, fill: `hsl(${hue(name)} 35% 88%)`, stroke: INK, "stroke-width": 1 }),
    shape("M7 38c1-9 6-13 13-13s12 4 13 13z", coat), // shoulders
    shape("M14 17c0-5 3-8 6-8s6 3 6 8-3 8-6 8-6-3-6-8z", "#f2d3b3")]; // the head
  if (CLERIC.test(name)) {
    parts.push(shape("M13 12l7-10 7 10-1 3H14z", "#f4ead5"), line("M20 4v9M17 8h6", 1.1, "#b8901a"));
  } else if (LADY.test(name)) {
    parts.push(shape("M12 17c-1-9 4-13 8-13s9 4 8 13c-1-4-3-6-8-6s-7 2-8 6z", "#7b5a3a"),
      svg("circle", { cx: 20, cy: 4.5, r: 3, fill: "#7b5a3a", stroke: INK, "stroke-width": 1 }),
      svg("circle", { cx: 20, cy: 28, r: 1.4, fill: "#e8e1f5", stroke: INK, "stroke-width": .6 }));
  } else {
    parts.push(shape("M8 13c4-5 20-5 24 0-3 1-4-1-12-1S11 14 8 13z", "#2a2a33"), // a tricorne
      shape("M13 12c1-4 13-4 14 0z", "#2a2a33"), line("M17 28l3 3 3-3", 1.1, "#f4ead5"));
  }
  return parts;
}

/** The emblem of a card (its kind's, a character's portrait) as an <svg>, a picture only. */
export function emblem(kind, name) {
  const drawn = kind === "character" ? portrait(name) : (EMBLEMS[kind] || EMBLEMS.unknown)();
  return svg("svg", { viewBox: "0 0 40 40", class: "uk-emblem", "aria-hidden": "true", focusable: "false" }, drawn);
}

/** A wax seal with the card's prestige. */
export function seal(prestige) {
  return svg("svg", { viewBox: "0 0 20 20", class: "uk-seal", "aria-hidden": "true", focusable: "false" },
    svg("path", { d: "M10 1l2.2 1.6 2.7-.2.9 2.5 2.3 1.4-.6 2.7 1 2.5-2 1.8-.3 2.7-2.7.5-1.8 2-2.6-1-2.6 1-1.8-2-2.7-.5-.3-2.7-2-1.8 1-2.5-.6-2.7 2.3-1.4.9-2.5 2.7.2z",
      fill: prestige < 0 ? "#4a4a55" : "#a3242f", stroke: INK, "stroke-width": .6 }),
    svg("text", { x: 10, y: 13.6, "text-anchor": "middle", "font-size": 9, "font-weight": 700, fill: "#fff" },
      document.createTextNode(prestige > 0 ? `+${prestige}` : String(prestige))));
}

/** A card's back (the deck, the piles): the court's lattice in gold on deep red. */
export function cardBack() {
  return svg("svg", { viewBox: "0 0 40 56", class: "uk-back", "aria-hidden": "true", focusable: "false" },
    svg("rect", { x: .5, y: .5, width: 39, height: 55, rx: 4, fill: "#6e1423", stroke: "#b8901a", "stroke-width": 1 }),
    svg("rect", { x: 4, y: 4, width: 32, height: 48, rx: 2, fill: "none", stroke: "#d4a017", "stroke-width": .8 }),
    line("M4 4l32 48M36 4L4 52M20 4v48M4 28h32", .5, "#d4a01780"),
    svg("circle", { cx: 20, cy: 28, r: 6, fill: "#6e1423", stroke: "#d4a017", "stroke-width": .9 }),
    line("M16.5 29l1-4 2.5 2.5 2.5-2.5 1 4z", .8, "#d4a017"));
}
