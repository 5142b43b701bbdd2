// The server's REST API (see /docs): lobby, tables, statistics. Every request says the
// player's language (Accept-Language), and so does the WebSocket (?lang=): the server's texts
// come in it.

import { lang } from "./i18n.js";

async function send(method, path, body) {
  const init = { method, headers: { "accept-language": lang() } };
  if (body !== undefined) {
    init.headers["content-type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  const text = await response.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = null; }
  if (!response.ok) {
    let detail = data && data.detail;
    if (Array.isArray(detail)) detail = detail.map((d) => d.msg).join("; ");
    const error = new Error(detail || `${response.status} ${response.statusText}`);
    error.status = response.status;
    throw error;
  }
  return { data, response };
}

async function request(method, path, body) {
  return (await send(method, path, body)).data;
}

// GET /api/tables is paged: follow X-Next-Cursor, up to `most` tables.
async function allPages(path, most = 500) {
  const all = [];
  let cursor = null;
  do {
    const query = `?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
    const { data, response } = await send("GET", path + query);
    all.push(...data);
    cursor = response.headers.get("X-Next-Cursor");
  } while (cursor && all.length < most);
  return all;
}

export const api = {
  games: () => request("GET", "/api/games"),
  tables: () => allPages("/api/tables"),
  table: (id) => request("GET", `/api/tables/${encodeURIComponent(id)}`),
  create: (spec) => request("POST", "/api/tables", spec),
  join: (id, invite, name) => request("POST", `/api/tables/${encodeURIComponent(id)}/join`, { invite, name }),
  take: (id, seat, name) => request("POST", `/api/tables/${encodeURIComponent(id)}/seats/${seat}`, { name }),
  start: (id, token, fill) => request("POST", `/api/tables/${encodeURIComponent(id)}/start`, { token, fill }),
  cancel: (id, token) => request("POST", `/api/tables/${encodeURIComponent(id)}/cancel`, { token }),
  rematch: (id, token) => request("POST", `/api/tables/${encodeURIComponent(id)}/rematch`, { token }),
  leave: (id, token) => request("POST", `/api/tables/${encodeURIComponent(id)}/leave`, { token }),
  player: (name) => request("GET", `/api/players/${encodeURIComponent(name)}`),
  leaderboard: () => request("GET", "/api/leaderboard"),
  finished: () => request("GET", "/api/finished"),
  // the tournaments still entering with a place left (the lobby's list), and a new one
  tournaments: () => request("GET", "/api/tournaments?limit=30"),
  createTournament: (spec) => request("POST", "/api/tournaments", spec),
  tournament: (id) => request("GET", `/api/tournaments/${encodeURIComponent(id)}`),
  enterTournament: (id, invite, name) => request("POST", `/api/tournaments/${encodeURIComponent(id)}/entrants`, { invite, name }),
  // the entrant's table now, and a duplicate deal compared across the round's tables
  tournamentMe: (id, token) => request("GET", `/api/tournaments/${encodeURIComponent(id)}/me?${new URLSearchParams({ token })}`),
  compareDeal: (id, deal, round, token) =>
    request("GET", `/api/tournaments/${encodeURIComponent(id)}/deals/${deal}?${new URLSearchParams({ token, round })}`),
  // a finished game at a version: query {version, seat (left out: all hands open), steps}
  replay: (id, query) => request("GET", `/api/tables/${encodeURIComponent(id)}/replay?${new URLSearchParams(query)}`),
  analysis: (id, version, seat) => request("GET", `/api/tables/${encodeURIComponent(id)}/analysis?version=${version}&seat=${seat}`),
  // one page of finished games, the latest first: {games, next} (next: the cursor of the next page)
  recent: async (query) => {
    const { data, response } = await send("GET", `/api/games/recent?${new URLSearchParams(query)}`);
    return { games: data, next: response.headers.get("X-Next-Cursor") };
  },
};

export function wsUrl(id, token) {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  const query = new URLSearchParams(token ? { token, lang: lang() } : { lang: lang() });
  return `${proto}//${location.host}/ws/tables/${encodeURIComponent(id)}?${query}`;
}

/**
 * The live lobby: calls onChange(what) with the names of what changed ("tables",
 * "invitations", "friends") as the server pushes them; reconnects after a loss (and then says
 * everything may have changed). Returns a function that closes it for good.
 */
export function lobbyFeed(onChange) {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  let socket = null;
  let closed = false;
  let wait = 500;
  let timer = null;
  const open = (again) => {
    socket = new WebSocket(`${proto}//${location.host}/ws/lobby`);
    socket.onopen = () => {
      wait = 500;
      if (again) onChange(["tables", "invitations", "friends"]);
    };
    socket.onmessage = (e) => {
      let msg = null;
      try { msg = JSON.parse(e.data); } catch { return; }
      if (msg && msg.type === "lobby" && Array.isArray(msg.what)) onChange(msg.what);
    };
    socket.onclose = () => {
      if (closed) return;
      timer = setTimeout(() => open(true), wait);
      wait = Math.min(wait * 2, 15000);
    };
  };
  open(false);
  return () => {
    closed = true;
    clearTimeout(timer);
    if (socket) socket.close();
  };
}

export { request };
