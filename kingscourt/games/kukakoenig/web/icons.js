// Ku-Ka-König's card icons: a line drawing per line of the scoring sheet (SVG drawn in the
// browser, nothing fetched), and the hint of how each card scores.

import { lazy, t } from "/web/js/i18n.js";

const NS = "http://www.w3.org/2000/svg";

function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  for (const c of children) if (c) el.append(c);
  return el;
}

// Ku-Ka-König: a line drawing per line of the scoring sheet, and how that line scores.
const KKK_ICONS = {
  kings: "M3 16 L3 7 L7 11 L10 4 L13 11 L17 7 L17 16 Z",
  churches: "M10 1 L10 5 M8 3 L12 3 M5 19 L5 10 L10 6 L15 10 L15 19 Z M8.5 19 L8.5 14 Q10 12 11.5 14 L11.5 19",
  victory_points: "M10 2 L12.4 7.6 L18.5 8.1 L13.9 12.1 L15.3 18 L10 14.8 L4.7 18 L6.1 12.1 L1.5 8.1 L7.6 7.6 Z",
  knights: "M4 3 L16 3 L16 9 Q16 15 10 18 Q4 15 4 9 Z M10 5 L10 15 M6.5 8.5 L13.5 8.5",
  animals: "M5 8 A2 2 0 1 1 5.1 8 M9 5 A2 2 0 1 1 9.1 5 M13 5 A2 2 0 1 1 13.1 5 M16 9 A2 2 0 1 1 16.1 9 M6 15 Q10 9 15 15 Q15 18 10.5 17.5 Q6 18 6 15 Z",
  farms: "M2 10 L10 3 L18 10 M4 9 L4 18 L16 18 L16 9 M8 18 L8 13 L12 13 L12 18",
};
const KKK_HINT = lazy(() => ({
  kings: t("kings: (n−1)², at most 36"),
  churches: t("most churches: 10"),
  victory_points: t("as printed"),
  knights: t("most knights: 2 each, else 1"),
  animals: t("per kind: 1, 3, 6, 10, 15"),
  farms: t("farmer + wife 7, with farmhouse 14"),
}));

/** Ku-Ka-König's icon for a card counting on sheet line ``sheet`` (no text inside). */
export function kkkIcon(sheet) {
  const d = KKK_ICONS[sheet];
  if (!d) return null;
  return svg("svg", { viewBox: "0 0 20 20", class: `kkk-icon icon-${sheet}`, "aria-hidden": "true", focusable: "false" },
    svg("path", { d, fill: "none", stroke: "currentColor", "stroke-width": 1.6, "stroke-linejoin": "round", "stroke-linecap": "round" }));
}

/** The scoring hint of a Ku-Ka-König card: its printed number, or how its line scores. */
export function kkkHint(card) {
  if (card.points) return `+${card.points}`;
  return KKK_HINT[card.sheet] || "";
}
