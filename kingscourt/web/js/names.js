// Display names of games, suits and seats (contracts, cards and rules come from /api/games).

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
  if (info && info.name) return info.guest ? `${info.name} (guest)` : info.name;
  if (info && info.kind === "human" && !info.taken) return `Seat ${seat + 1} (free)`;
  return `Seat ${seat + 1}`;
}
