// The King celebration: a banner "KING!" naming the seat that took every trick of a trump
// deal (or, with the table rule king_ends_game, 10 in a row or 11 in all), played the moment
// the King is made. It closes on a click, Escape (the board's key handler) or after a while.

import { h } from "/web/js/dom.js";
import { lazy, t } from "/web/js/i18n.js";
import { you } from "/web/js/names.js";

const TEXT = lazy(() => ({
  big: t("KING!"),
  seat: (seat) => t("Seat {n}", { n: seat + 1 }),
  took: (who, k) => (who === you()
    ? (k.tricks === 13 ? t("You take all 13 tricks of deal {deal}.", { deal: k.deal }) : t("You take {tricks} tricks of deal {deal}.", { tricks: k.tricks, deal: k.deal }))
    : (k.tricks === 13 ? t("{who} takes all 13 tricks of deal {deal}.", { who, deal: k.deal }) : t("{who} takes {tricks} tricks of deal {deal}.", { who, tricks: k.tricks, deal: k.deal }))),
  close: t("Hurray"),
}));

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
