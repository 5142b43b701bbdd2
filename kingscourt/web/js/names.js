// Display names of games, contracts, suits and seats.

export const GAME_TITLES = { king: "King", kukakoenig: "Ku-Ka-König", uchokrola: "Ucho Króla" };

export const GAME_BLURBS = {
  king: "Turkish trick-taking for four: 20 deals, six penalty contracts and trump deals.",
  kukakoenig: "2–4 players pick rows of cards at the same moment: Ku – Ka – König!",
  uchokrola: "2–6 courtiers scheme for the King's ear with intrigues and buffooneries.",
};

export const SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
export const SUIT_NAME = { S: "Spades", H: "Hearts", D: "Diamonds", C: "Clubs" };

export const CONTRACTS = {
  "el-almaz": { name: "El Almaz", about: "no tricks: −50 a trick" },
  "kupa-almaz": { name: "Kupa Almaz", about: "no hearts: −30 a heart" },
  "erkek-almaz": { name: "Erkek Almaz", about: "no kings or jacks: −60 each" },
  "kiz-almaz": { name: "Kız Almaz", about: "no queens: −100 each" },
  rifki: { name: "Rıfkı", about: "not the king of hearts: −320" },
  "son-iki": { name: "Son İki", about: "not the last two tricks: −180 each" },
  trump: { name: "Trump", about: "+50 a trick" },
};

export const PENALTIES = ["el-almaz", "kupa-almaz", "erkek-almaz", "kiz-almaz", "rifki", "son-iki"];

export function contractLabel(contract, trump) {
  if (!contract) return "—";
  const base = CONTRACTS[contract] ? CONTRACTS[contract].name : contract;
  return trump ? `${base} ${SUIT_SYMBOL[trump]}` : base;
}

/** A seat's name as this client shows it: "You" for one's own seat. */
export function seatName(seats, seat, me) {
  if (seat === me) return "You";
  const info = seats && seats.find((s) => s.seat === seat);
  if (info && info.kind === "bot") return `Bot ${seat + 1}${info.level ? ` (${info.level})` : ""}`;
  if (info && info.name) return info.name;
  if (info && info.kind === "human" && !info.taken) return `Seat ${seat + 1} (free)`;
  return `Seat ${seat + 1}`;
}
