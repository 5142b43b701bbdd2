// Display names of games, suits and seats (contracts, cards and rules come from /api/games).

import { h } from "./dom.js";

export const GAME_BLURBS = {
  king: "Turkish trick-taking for four: 20 deals, six penalty contracts and trump deals.",
  kukakoenig: "2–4 players pick rows of cards at the same moment: Ku – Ka – König!",
  uchokrola: "2–6 courtiers scheme for the King's ear with intrigues and buffooneries.",
};

export const SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
export const SUIT_NAME = { S: "Spades", H: "Hearts", D: "Diamonds", C: "Clubs" };

/** A seat's name as this client shows it: "You" for one's own seat. */
export function seatName(seats, seat, me) {
  if (seat === me) return "You";
  const info = seats && seats.find((s) => s.seat === seat);
  if (info && info.kind === "bot") return `Bot ${seat + 1}${info.level ? ` (${info.level})` : ""}`;
  if (info && info.name) return info.name;
  if (info && info.kind === "human" && !info.taken) return `Seat ${seat + 1} (free)`;
  return `Seat ${seat + 1}`;
}

/** The mark beside a guest's name (a player without an account: no statistics, no rating). */
export function guestMark(seats, seat) {
  const info = seats && seats.find((s) => s.seat === seat);
  return info && info.guest ? h("span.guest-mark", { title: "playing without an account" }, " (guest)") : null;
}
