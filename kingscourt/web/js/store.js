// What the browser remembers (localStorage): the player's name and the seats it holds.

const NAME = "kingscourt.name";
const SEATS = "kingscourt.seats";

function read(key, fallback) {
  try {
    const raw = localStorage.getItem(key);
    return raw ? JSON.parse(raw) : fallback;
  } catch {
    return fallback;
  }
}

function write(key, value) {
  try { localStorage.setItem(key, JSON.stringify(value)); } catch { /* private mode */ }
}

export function playerName() {
  return read(NAME, "");
}

export function setPlayerName(name) {
  write(NAME, name);
}

/** Seats this browser holds: {tableId: {token, seat, game, invites: [{seat, invite}]}}. */
export function seats() {
  return read(SEATS, {});
}

export function seatAt(tableId) {
  return seats()[tableId] || null;
}

export function rememberSeat(tableId, entry) {
  const all = seats();
  all[tableId] = { ...(all[tableId] || {}), ...entry };
  write(SEATS, all);
}

export function forgetSeat(tableId) {
  const all = seats();
  delete all[tableId];
  write(SEATS, all);
}

// Tournaments: the invitation of each one this browser set up or entered by its link (the
// host's lobby offers it again), the newest kept
const TOURNAMENT_INVITES = "kingscourt.tournamentInvites";
const INVITES_KEPT = 50;

export function tournamentInvite(id) {
  return read(TOURNAMENT_INVITES, {})[id] || null;
}

export function rememberTournamentInvite(id, invite) {
  const all = read(TOURNAMENT_INVITES, {});
  delete all[id];
  all[id] = invite;
  const ids = Object.keys(all);
  for (const old of ids.slice(0, Math.max(0, ids.length - INVITES_KEPT))) delete all[old];
  write(TOURNAMENT_INVITES, all);
}

// the entrant's token of each tournament this browser entered (it is their seats' token too)
const tournamentKey = (id) => `kingscourt.tournament.${id}`;

export function tournamentToken(id) {
  try { return localStorage.getItem(tournamentKey(id)); } catch { return null; }
}

export function rememberTournamentToken(id, token) {
  try { localStorage.setItem(tournamentKey(id), token); } catch { /* private mode */ }
}

/** Whether this browser entered tournament ``id`` (it holds the entrant's token). */
export function enteredTournament(id) {
  return Boolean(tournamentToken(id));
}
