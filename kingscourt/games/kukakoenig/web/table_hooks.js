// What Ku-Ka-König adds to the shared table and replay pages: the sound of a new state (a
// collision, a row taken, the picks revealed), the motion of a taken row into its taker's
// collection (after the "Ku – Ka – König!" count), and a replay's secret picks and pile.

import { h } from "/web/js/dom.js";
import { ghost, rect } from "/web/js/motion.js";
import { t } from "/web/js/i18n.js";

/** The sound of what the log says happened since the previous state. */
export function heard(prev, m) {
  const fresh = (m.view.log || []).slice((prev.view.log || []).length).map((e) => e.kind);
  if (fresh.includes("collision")) return "collision";
  if (fresh.includes("take")) return "trick";
  if (fresh.includes("reveal")) return "play";
  return null;
}

export const motion = {
  before(board) {
    const rows = new Map([...board.querySelectorAll(".kkk-row[data-row]")].map((r) => [
      r.dataset.row, [...r.querySelectorAll(".kkk-card")].map((e) => ({ el: e, rect: rect(e) }))]));
    return { rows };
  },
  after(board, before, prev, msg) {
    const seen = prev ? (prev.view.log || []).length : null;
    if (seen === null) return;
    const fresh = (msg.view.log || []).slice(seen);
    const counted = fresh.some((e) => e.kind === "reveal");
    const delay = counted ? 3 * 380 : 0; // after the "Ku – Ka – König!" count
    for (const e of fresh) {
      if (e.kind !== "take") continue;
      const to = rect(board.querySelector(`#collections .player[data-seat="${e.seat}"]`));
      (before.rows.get(String(e.row)) || []).forEach((c, i) => ghost(c.el, c.rect, to, { delay: delay + i * 40, ms: 520 }));
    }
  },
};

/** A replay with every hand open: each seat's secret pick and the next cards of the pile. */
export function openHands(v, names, data) {
  const label = {};
  for (const c of data.cards || []) label[c.name] = c.label;
  const cards = (v.pile_cards || []).slice(0, 9);
  return [
    h("ul.replay-picks", {}, (v.picks || []).map((row, s) => h("li", { dataset: { seat: String(s) } },
      h("strong", {}, names[s]), `: ${row ? t("picked row {row} in secret", { row }) : t("no pick yet")}`))),
    h("p", {}, `${t("Next on the pile")}: `, cards.length ? cards.map((c) => label[c] || c).join(", ") : t("empty")),
  ];
}
