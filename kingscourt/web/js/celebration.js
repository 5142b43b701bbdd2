// The King celebration: a banner "KING!" naming the seat that took every trick of a trump
// deal (or, with the table rule king_ends_game, 10 in a row or 11 in all), played the moment
// the King is made. It closes on a click, Escape (the board's key handler) or after a while.

import { h } from "./dom.js";

const TEXT = {
  big: "KING!",
  seat: (seat) => `Seat ${seat + 1}`,
  took: (who, k) => `${who} ${who === "You" ? "take" : "takes"} ${k.tricks === 13 ? "all 13" : k.tricks} tricks of deal ${k.deal}.`,
  close: "Hurray",
};

// how long the banner stays unless closed first
export const CELEBRATION_MS = 6000;

/** The banner for king ({deal, seat, tricks}); who: the seat's name; onClose: when dismissed. */
export function kingCelebration(king, who, onClose) {
  return h("div.celebration", { role: "dialog", "aria-label": TEXT.big, dataset: { seat: String(king.seat) }, onClick: onClose },
    h("div.crown", {}, "♚"),
    h("div.big", {}, TEXT.big),
    h("p.celebration-seat", {}, `${who} · ${TEXT.seat(king.seat)}`),
    h("p", {}, TEXT.took(who, king)),
    h("button", { onClick: onClose }, TEXT.close));
}
