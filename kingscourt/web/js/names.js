// Display names of suits, bot levels and seats (games, contracts, cards and rules come from
// /api/games; a game's one-line description from its board module's blurb).

import { h } from "./dom.js";
import { lazy, t } from "./i18n.js";

export const SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
export const SUIT_NAME = lazy(() => ({ S: t("Spades"), H: t("Hearts"), D: t("Diamonds"), C: t("Clubs") }));

// the bot levels as /api/games names them
const LEVELS = lazy(() => ({ random: t("random"), basic: t("basic"), learned: t("learned"), strong: t("strong"), expert: t("expert") }));

/** A bot level ("basic") in the player's words. */
export function levelName(level) {
  return LEVELS[level] || level;
}

/** "You": how this client names one's own seat. */
export function you() {
  return t("You");
}

/** A seat's name as this client shows it: "You" for one's own seat. */
export function seatName(seats, seat, me) {
  if (seat === me) return you();
  const info = seats && seats.find((s) => s.seat === seat);
  if (info && info.kind === "bot") {
    return info.level ? t("Bot {n} ({level})", { n: seat + 1, level: levelName(info.level) }) : t("Bot {n}", { n: seat + 1 });
  }
  if (info && info.name) return info.name;
  if (info && info.kind === "human" && !info.taken) return t("Seat {n} (free)", { n: seat + 1 });
  return t("Seat {n}", { n: seat + 1 });
}

/** The marks after a name in one pair of brackets: "(host)", "(guest)" or "(host, guest)". */
export function marks({ host = false, guest = false }) {
  if (host && guest) return t("(host, guest)");
  return host ? t("(host)") : guest ? t("(guest)") : "";
}

/** A seat's marks as the waiting room shows them (the guest's explained on hover), or null. */
export function seatMarks(seats, seat, host) {
  const info = seats && seats.find((s) => s.seat === seat);
  const text = marks({ host: seat === host, guest: Boolean(info && info.guest) });
  if (!text) return null;
  return h("span.guest-mark", { title: info && info.guest ? t("playing without an account") : undefined }, ` ${text}`);
}

/** The mark beside a guest's name (a player without an account: no statistics, no rating). */
export function guestMark(seats, seat) {
  const info = seats && seats.find((s) => s.seat === seat);
  return info && info.guest ? h("span.guest-mark", { title: t("playing without an account") }, ` ${t("(guest)")}`) : null;
}
