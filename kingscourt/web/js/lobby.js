// The lobby: your name, the three games, your seats and the open tables.

import { api } from "./api.js";
import { fill, h, toast } from "./dom.js";
import { loadGames } from "./games.js";
import { GAME_BLURBS } from "./names.js";
import { recentGames } from "./replay.js";
import { forgetSeat, playerName, rememberSeat, seats, setPlayerName } from "./store.js";
import { account } from "./account.js";
import { friendsPanel } from "./friends.js";

export function nameField() {
  const me = account(); // logged in: you play under your account's name
  if (me) {
    return h("label.name-field", {}, "You play as ",
      h("input#player-name", { value: me.name, readOnly: true, "aria-label": "Your name" }));
  }
  const input = h("input#player-name", {
    value: playerName(), placeholder: "Your name", maxLength: 24, autocomplete: "nickname",
    "aria-label": "Your name",
    onInput: (e) => setPlayerName(e.target.value.trim()),
  });
  return h("label.name-field", {}, "Your name ", input);
}

export function showLobby({ root }) {
  const tablesBox = h("div.table-list", {}, h("p.muted", {}, "Loading open tables…"));
  const mineBox = h("div.table-list");
  const picker = h("div.game-picker", {}, h("p.muted", {}, "Loading the games…"));
  root.append(
    h("section.panel", {},
      h("h1", {}, "Lobby"),
      nameField(),
      picker),
    friendsPanel(),
    h("section.panel", {}, h("h2", {}, "Your seats"), mineBox),
    h("section.panel", {}, h("h2", {}, "Open tables"), tablesBox),
    recentGames()); // finished games, each linking to its replay
  load(picker, tablesBox, mineBox);
}

async function load(picker, tablesBox, mineBox) {
  let tables = [];
  let games = [];
  try {
    games = await loadGames();
  } catch (e) {
    fill(picker, h("p.error", {}, `Could not load the games: ${e.message}`));
    return;
  }
  fill(picker, games.map((g) =>
    h("a.game-tile", { href: `#/new/${g.name}`, dataset: { game: g.name } },
      h("span.game-title", {}, g.title),
      h("span.game-blurb", {}, GAME_BLURBS[g.name] || ""),
      h("span.button", {}, "New table"))));
  const titles = Object.fromEntries(games.map((g) => [g.name, g.title]));
  try {
    tables = await api.tables();
  } catch (e) {
    fill(tablesBox, h("p.error", {}, `Could not load the tables: ${e.message}`));
    return;
  }
  const held = seats();
  const open = new Set(tables.map((t) => t.id));
  const mine = Object.entries(held).filter(([id]) => open.has(id));
  for (const [id] of Object.entries(held)) if (!open.has(id)) forgetSeat(id);
  fill(mineBox, mine.length
    ? h("ul", {}, mine.map(([id, s]) => h("li", {},
        h("a.button", { href: `#/table/${id}/${s.token}` }, `Return to ${titles[s.game] || s.game}`),
        ` table ${id}, seat ${s.seat + 1}`)))
    : h("p.muted", {}, "You hold no seat at an open table."));
  fill(tablesBox, tables.length
    ? h("table.list", {},
        h("thead", {}, h("tr", {}, h("th", {}, "Game"), h("th", {}, "Players"), h("th", {}, "Free seats"), h("th", {}, ""))),
        h("tbody", {}, tables.slice().reverse().map((t) => tableRow(t, held[t.id]))))
    : h("p.muted", {}, "No open tables. Start one above."));
}

async function takeOpenSeat(t, seat) {
  const input = document.getElementById("player-name");
  const name = ((input && input.value) || playerName() || "").trim();
  if (!name) { toast("Enter your name first."); if (input) input.focus(); return; }
  setPlayerName(name);
  try {
    const taken = await api.take(t.id, seat, name);
    rememberSeat(t.id, { token: taken.token, seat: taken.seat, game: t.game });
    location.hash = `#/table/${t.id}/${taken.token}`;
  } catch (e) {
    toast(e.message);
  }
}

function tableRow(t, mine) {
  const names = t.seats.map((s) => (s.kind === "bot" ? `Bot ${s.seat + 1} (${s.level})` : s.name ? `${s.name}${s.guest ? " (guest)" : ""}` : "free")).join(", ");
  const invites = (mine && mine.invites) || [];
  const actions = [h("a.button.secondary", { href: `#/table/${t.id}` }, "Watch")];
  if (mine) actions.unshift(h("a.button", { href: `#/table/${t.id}/${mine.token}` }, "Your seat"));
  if (!mine) {
    for (const seat of t.open_seats || []) {
      actions.push(h("button.secondary", { dataset: { take: String(seat) }, onClick: () => takeOpenSeat(t, seat) },
        `Join seat ${seat + 1}`));
    }
  }
  for (const inv of invites) {
    if (t.free_seats.includes(inv.seat)) {
      actions.push(h("a.button.secondary", { href: `#/join/${t.id}/${inv.invite}` }, `Take seat ${inv.seat + 1}`));
    }
  }
  return h("tr", { dataset: { table: t.id } },
    h("td", {}, t.title),
    h("td", {}, names),
    h("td", {}, t.free_seats.length ? t.free_seats.map((s) => s + 1).join(", ") : "—"),
    h("td.actions", {}, actions));
}
