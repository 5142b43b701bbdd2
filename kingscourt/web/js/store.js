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
