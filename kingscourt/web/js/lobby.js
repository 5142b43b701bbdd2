// The lobby: your name, the games the server runs, your seats, the open tables and the
// tournaments taking entrants.

import { api, lobbyFeed } from "./api.js";
import { fill, h, toast } from "./dom.js";
import { loadGamesWithModules, rulesInFull, rulesInShort } from "./games.js";
import { levelName, marks as nameMarks } from "./names.js";
import { dateTime, lazy, number, t } from "./i18n.js";
import { recentGames } from "./replay.js";
import {
  enteredTournament, forgetSeat, playerName, rememberSeat, seats, setPlayerName, tournamentInvite,
} from "./store.js";
import { account } from "./account.js";
import { friendsPanel } from "./friends.js";

export function nameField() {
  const me = account(); // logged in: you play under your account's name
  if (me) {
    return h("label.name-field", {}, `${t("You play as")} `,
      h("input#player-name", { value: me.name, readOnly: true, "aria-label": t("Your name") }));
  }
  const input = h("input#player-name", {
    value: playerName(), placeholder: t("Your name"), maxLength: 24, autocomplete: "nickname",
    "aria-label": t("Your name"),
    onInput: (e) => setPlayerName(e.target.value.trim()),
  });
  return h("label.name-field", {}, `${t("Your name")} `, input);
}

export function showLobby({ root, onLeave }) {
  const tablesBox = h("div.table-list", {}, h("p.muted", {}, t("Loading open tables…")));
  const mineBox = h("div.table-list");
  const picker = h("div.game-picker", {}, h("p.muted", {}, t("Loading the games…")));
  const tournamentsBox = h("div.table-list.tournament-list", {}, h("p.muted", {}, t("Loading the tournaments…")));
  const friends = friendsPanel();
  root.append(
    h("section.panel", {},
      h("h1", {}, t("Lobby")),
      nameField(),
      picker),
    friends,
    h("section.panel", {}, h("h2", {}, t("Your seats")), mineBox),
    h("section.panel", {}, h("h2", {}, t("Tables")),
      h("p.muted", {}, t("Tables waiting for players and tables being played; a finished or cancelled table leaves the list.")),
      tablesBox),
    h("section.panel.lobby-tournaments", {},
      h("div.panel-head", {}, h("h2", {}, t("Tournaments")),
        h("a.button#new-tournament", { href: "#/new-tournament" }, t("New tournament"))),
      h("p.muted", {}, t("Tournaments taking entrants. One open to anyone is entered from here; another through the link its host shares.")),
      tournamentsBox),
    recentGames()); // finished games, each linking to its replay
  const ready = load(picker, tablesBox, mineBox);
  // the live lobby: tables, invitations and friends as the server says they change
  const stop = lobbyFeed(async (what) => {
    const infos = await ready;
    if (!infos) return;
    if (what.includes("tables")) {
      loadTables(tablesBox, mineBox, infos);
      loadTournaments(tournamentsBox, infos); // a tournament's tables are news of it too
    }
    if ((what.includes("invitations") || what.includes("friends")) && friends.reload) friends.reload();
  });
  // the tournaments are read again every few seconds while the lobby is open and seen (one
  // made through another process is listed within that time)
  ready.then((infos) => { if (infos) loadTournaments(tournamentsBox, infos); });
  const poll = setInterval(async () => {
    if (document.hidden) return;
    const infos = await ready;
    if (infos) loadTournaments(tournamentsBox, infos);
  }, TOURNAMENTS_EVERY_MS);
  if (onLeave) onLeave(() => { stop(); clearInterval(poll); });
}

const TOURNAMENTS_EVERY_MS = 4000;

// one read of the tournaments at a time per lobby
async function loadTournaments(box, infos) {
  if (box.loading) return;
  box.loading = true;
  try {
    const list = await api.tournaments();
    fill(box, list.length
      ? h("table.list", {},
          h("thead", {}, h("tr", {}, [t("Game"), t("Format"), t("Entrants"), t("Start"), ""].map((x) => h("th", {}, x)))),
          h("tbody", {}, list.map((x) => tournamentRow(x, infos[x.game]))))
      : h("p.muted", {}, t("No tournament is taking entrants. Set one up above.")));
  } catch (e) {
    fill(box, h("p.error", {}, t("Could not load the tournaments: {error}", { error: e.message })));
  } finally {
    box.loading = false;
  }
}

function tournamentRow(x, info) {
  const format = x.format === "duplicate" ? t("Duplicate") : t("Swiss");
  const shape = x.format === "duplicate"
    ? t("{n} tables", { n: number(Math.ceil(x.players / x.seats)) })
    : t("{n} rounds, {m} a table", { n: number(x.rounds), m: number(x.seats) });
  const invite = x.invite || tournamentInvite(x.id);
  const page = `#/tournament/${encodeURIComponent(x.id)}`;
  const action = enteredTournament(x.id)
    ? h("a.button", { href: page }, t("Your tournament"))
    : invite
      ? h("a.button", { href: `${page}/${encodeURIComponent(invite)}`, dataset: { enter: x.id } }, t("Enter"))
      : h("a.button.secondary", { href: page, title: t("Entering needs the link its host shares") }, t("Open"));
  return h("tr", { dataset: { tournament: x.id, open: String(Boolean(x.invite)) } },
    h("td", {}, x.title,
      info && Object.keys(x.rules || {}).length ? h("span.muted.tournament-rules", { title: rulesInFull(info, x.rules) }, ` · ${rulesInShort(info, x.rules)}`) : ""),
    h("td", {}, format, h("span.muted", {}, ` · ${shape}`)),
    // a phone shows no header row: these cells say what they are (app.css)
    h("td.entrants", { dataset: { label: t("Entrants") } }, t("{n} of {m}", { n: number(x.entrants), m: number(x.players) })),
    h("td", { dataset: { label: t("Start") } }, x.start_at ? dateTime(new Date(x.start_at)) : t("when full")),
    h("td.actions", {}, action));
}

// the games (their tiles in the picker), then the tables; the games' infos, or null
async function load(picker, tablesBox, mineBox) {
  let games = [];
  let blurbs = {};
  try {
    const loaded = await loadGamesWithModules(); // the board modules: blurbs, rules in short
    games = loaded.map((g) => g.info);
    blurbs = Object.fromEntries(loaded.map((g) => [g.info.name, g.board.blurb ? g.board.blurb() : ""]));
  } catch (e) {
    fill(picker, h("p.error", {}, t("Could not load the games: {error}", { error: e.message })));
    return null;
  }
  fill(picker, games.map((g) =>
    h("a.game-tile", { href: `#/new/${g.name}`, dataset: { game: g.name } },
      h("span.game-title", {}, g.title),
      h("span.game-blurb", {}, blurbs[g.name] || ""),
      h("span.button", {}, t("New table")))));
  const infos = Object.fromEntries(games.map((g) => [g.name, g]));
  await loadTables(tablesBox, mineBox, infos);
  return infos;
}

// one load of the tables at a time per lobby; a push meanwhile loads once more after it
async function loadTables(tablesBox, mineBox, infos) {
  const state = tablesBox.loadState || (tablesBox.loadState = { loading: null, again: false });
  if (state.loading) { state.again = true; return state.loading; }
  state.loading = (async () => {
    do {
      state.again = false;
      await drawTables(tablesBox, mineBox, infos);
    } while (state.again);
  })();
  try { await state.loading; } finally { state.loading = null; }
  return undefined;
}

async function drawTables(tablesBox, mineBox, infos) {
  let tables = [];
  try {
    tables = await api.tables();
  } catch (e) {
    fill(tablesBox, h("p.error", {}, t("Could not load the tables: {error}", { error: e.message })));
    return;
  }
  const titles = Object.fromEntries(Object.values(infos).map((g) => [g.name, g.title]));
  const held = seats();
  const open = new Set(tables.map((t) => t.id));
  const mine = Object.entries(held).filter(([id]) => open.has(id));
  for (const [id] of Object.entries(held)) if (!open.has(id)) forgetSeat(id);
  fill(mineBox, mine.length
    ? h("ul", {}, mine.map(([id, s]) => h("li", {},
        h("a.button", { href: `#/table/${id}` }, t("Return to {game}", { game: titles[s.game] || s.game })),
        " ", t("table {table}, seat {n}", { table: id, n: s.seat + 1 }))))
    : h("p.muted", {}, t("You hold no seat at an open table.")));
  fill(tablesBox, tables.length
    ? h("table.list", {},
        h("thead", {}, h("tr", {}, h("th", {}, t("Game")), h("th", {}, t("Status")), h("th", {}, t("Rules")), h("th", {}, t("Seats")), h("th", {}, ""))),
        h("tbody", {}, tables.slice().reverse().map((t) => tableRow(t, held[t.id], infos[t.game]))))
    : h("p.muted", {}, t("No open tables. Start one above.")));
}

async function takeOpenSeat(table, seat) {
  const input = document.getElementById("player-name");
  const name = ((input && input.value) || playerName() || "").trim();
  if (!name) { toast(t("Enter your name first.")); if (input) input.focus(); return; }
  setPlayerName(name);
  try {
    const taken = await api.take(table.id, seat, name);
    rememberSeat(table.id, { token: taken.token, seat: taken.seat, game: table.game });
    location.hash = `#/table/${table.id}`;
  } catch (e) {
    toast(e.message);
  }
}

// The lobby's words for a table's status and its seats.
const STATUS = lazy(() => ({ waiting: t("Waiting for players"), playing: t("Playing") }));

function seatLine(table, s) {
  const no = `${s.seat + 1}`;
  if (s.kind === "bot") return h("li", { dataset: { seat: s.seat } }, h("span.seat-no", {}, no), " ", t("Bot ({level})", { level: levelName(s.level) }));
  if (!s.taken) {
    const how = (table.open_seats || []).includes(s.seat) ? t("free (open to anyone)") : t("free (invitation)");
    return h("li.free", { dataset: { seat: s.seat } }, h("span.seat-no", {}, no), ` ${how}`);
  }
  const marks = nameMarks({ host: table.host === s.seat, guest: Boolean(s.guest) });
  return h("li", { dataset: { seat: s.seat, online: String(Boolean(s.connected)) } }, h("span.seat-no", {}, no), ` ${s.name || t("a player")}${marks ? ` ${marks}` : ""} `,
    h(`span.presence.${s.connected ? "online" : "away"}`, { title: s.connected ? t("connected now") : t("not connected") }, s.connected ? t("online") : t("away")));
}

// the words of a table's row (its parameter is t, the table: these are made beforehand)
const TEXT = lazy(() => ({
  watch: t("Watch"), yourSeat: t("Your seat"),
  join: (n) => t("Join seat {n}", { n }), take: (n) => t("Take seat {n}", { n }),
  free: (n) => t("({n} free)", { n }),
}));

function tableRow(t, mine, info) {
  const invites = (mine && mine.invites) || [];
  // the table's one address opens this browser's seat, if it holds one, else watches
  const actions = [mine ? h("a.button", { href: `#/table/${t.id}` }, TEXT.yourSeat)
    : h("a.button.secondary", { href: `#/table/${t.id}` }, TEXT.watch)];
  if (!mine) {
    for (const seat of t.open_seats || []) {
      actions.push(h("button.secondary", { dataset: { take: String(seat) }, onClick: () => takeOpenSeat(t, seat) },
        TEXT.join(seat + 1)));
    }
  }
  for (const inv of invites) {
    if (t.free_seats.includes(inv.seat)) {
      actions.push(h("a.button.secondary", { href: `#/join/${t.id}/${inv.invite}` }, TEXT.take(inv.seat + 1)));
    }
  }
  const free = t.free_seats.length;
  return h("tr", { dataset: { table: t.id, status: t.status } },
    h("td", {}, t.title),
    h("td.status", {}, STATUS[t.status] || t.status, t.status === "waiting" && free ? ` ${TEXT.free(free)}` : ""),
    h("td.rules", { title: info ? rulesInFull(info, t.rules) : "" }, info ? rulesInShort(info, t.rules) : ""),
    h("td", {}, h("ul.lobby-seats", {}, t.seats.map((s) => seatLine(t, s)))),
    h("td.actions", {}, actions.flatMap((a, i) => (i ? [" ", a] : [a]))));
}
