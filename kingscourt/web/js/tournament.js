// A tournament's page #/tournament/{id} (its link adds /{invite}): the entrants, each
// round's tables, the standings and, once it may be seen, what the other tables did with
// one's cards in a duplicate deal. Read again every few seconds while the page is open.
// The entrant's token (the join answer's) is kept in localStorage: it is also the seat's
// token at each of their tables (store.js keeps it per table too).

import { api } from "./api.js";
import { fill, h, signed, toast } from "./dom.js";
import { loadGames } from "./games.js";
import { dateTime, number, t } from "./i18n.js";
import { SUIT_SYMBOL } from "./names.js";
import {
  playerName, rememberSeat, rememberTournamentInvite, rememberTournamentToken, setPlayerName,
  tournamentInvite, tournamentToken,
} from "./store.js";

const EVERY_MS = 3000;

export function showTournament({ root, onLeave }, id, fromLink) {
  // the invitation: the link's, kept for the lobby, or one kept before (the host's)
  if (fromLink) rememberTournamentInvite(id, fromLink);
  const invite = fromLink || tournamentInvite(id);
  const box = h("section.panel.tournament", {}, h("h1", {}, t("Tournament")), h("p.muted", {}, t("Loading the tournament…")));
  const compare = h("section.panel.tournament-compare", { hidden: true });
  root.append(box, compare);
  let token = tournamentToken(id);
  let shown = null; // the deal compared ({deal, round}), kept while the page is read again
  let seated; // the table the entrant was seen at (undefined: not read yet)
  let over = new Set(); // the rounds whose every table is over: their replays may be seen
  let rounds = 1; // the tournament's rounds: with more than one, a comparison names its round
  let game = null; // the tournament's game, once read
  let games = []; // the games' infos: the comparison names the game's contracts (King)
  loadGames().then((all) => { games = all; }).catch(() => {});

  const draw = async () => {
    let info;
    let me = null;
    try {
      info = await api.tournament(id);
      if (token) me = await api.tournamentMe(id, token);
    } catch (e) {
      fill(box, h("h1", {}, t("Tournament")), h("p.error", {}, e.message));
      return;
    }
    if (me && me.table_id) rememberSeat(me.table_id, { token, seat: me.seat, game: info.game });
    const table = me ? me.table_id : null;
    if (seated !== undefined && table && table !== seated) ready(me.round);
    seated = table;
    game = info.game;
    rounds = info.rounds;
    over = new Set(info.tables.filter((r) => r.tables.every((x) => x.over)).map((r) => r.round));
    fill(box, ...page(info, me, invite, enter, showDeal));
  };

  const enter = async (name) => {
    setPlayerName(name);
    try {
      const done = await api.enterTournament(id, invite, name);
      token = done.token;
      rememberTournamentToken(id, token);
      await draw();
    } catch (e) {
      toast(e.message);
    }
  };

  const showDeal = async (deal, round) => {
    shown = { deal, round };
    compare.hidden = false;
    try {
      const seen = await api.compareDeal(id, deal, round, token);
      const contracts = (games.find((g) => g.name === game) || {}).contracts || [];
      fill(compare, ...comparison(seen, Object.fromEntries(contracts.map((c) => [c.id, c.name])), over.has(round), rounds > 1));
    } catch (e) {
      fill(compare, h("h2", {}, t("Deal {n}", { n: deal })), h("p.muted", {}, e.message));
    }
  };

  draw();
  const timer = setInterval(() => { draw(); if (shown) showDeal(shown.deal, shown.round); }, EVERY_MS);
  if (onLeave) onLeave(() => clearInterval(timer));
}

// the entrant's next table exists: said on the page, and by the system when it is elsewhere
// (only where notifications were allowed before: the page never asks)
function ready(round) {
  const text = t("Your next table is ready: round {n}", { n: round });
  toast(text, "info", 8000);
  if (document.hidden && "Notification" in window && Notification.permission === "granted") new Notification(text);
}

function page(info, me, invite, enter, showDeal) {
  const format = info.format === "duplicate" ? t("Duplicate") : t("Swiss");
  const out = [
    h("h1", {}, `${t("Tournament")}: ${info.title || info.game} · ${format}`),
    h("p.tournament-status", { dataset: { status: info.status } }, status(info)),
  ];
  if (info.status === "entering" && invite) {
    const link = `${location.origin}/#/tournament/${encodeURIComponent(info.id)}/${encodeURIComponent(invite)}`;
    out.push(h("p.tournament-link", {}, h("label.field", {}, `${t("Invitation link")} `,
      h("input.invite-link#tournament-link", { value: link, readOnly: true, onFocus: (e) => e.target.select() }))));
  }
  out.push(h("h2", {}, t("Entrants")),
    h("p.entrants", {}, info.entrants.map((e) => e.name).join(", ") || "—"));
  if (info.status === "entering" && invite && !me) {
    const input = h("input#tournament-name", { value: playerName(), placeholder: t("Your name"), maxLength: 24, required: true });
    out.push(h("form.join", {
      onSubmit: (e) => { e.preventDefault(); if (input.value.trim()) enter(input.value.trim()); },
    }, h("label", {}, `${t("Your name")} `, input), h("button", { type: "submit" }, t("Enter the tournament"))));
  }
  if (me && me.table_id) {
    const label = info.status === "playing" ? t("Your table") : t("Your last table"); // over: its result
    out.push(h("p", {}, h("a.button#tournament-your-table", { href: `#/table/${encodeURIComponent(me.table_id)}` }, label)));
  }
  for (const round of info.tables) {
    out.push(h("h2", {}, t("Round {n}", { n: round.round })));
    out.push(h("ul.tournament-tables", { dataset: { round: round.round } }, round.tables.map((table) => h("li", {
      dataset: { table: table.table_id, over: String(table.over) },
    },
    h("strong", {}, t("Table {n}", { n: table.table + 1 })), `: ${table.seats.join(", ")} — `,
    table.over ? t("over") : info.format === "duplicate" ? t("deals played: {n}", { n: table.deals }) : t("playing")))));
  }
  out.push(h("h2", {}, t("Standings")), standings(info));
  if (me && me.table_id && info.format === "duplicate") out.push(...compareChoice(info, me, showDeal));
  return out;
}

// the deals that every table of a round the entrant played has finished, round by round (the
// rounds before theirs are over): each may be compared
function compareChoice(info, me, showDeal) {
  const rounds = info.tables.filter((r) => r.round <= me.round);
  if (!rounds.length) return [];
  const out = [h("h2", {}, t("Compare a deal"))];
  const ready = (round) => {
    const open = round.tables.filter((x) => !x.over).map((x) => x.deals);
    return Math.min(20, open.length ? Math.min(...open) : Math.max(0, ...round.tables.map((x) => x.deals)));
  };
  if (!rounds.some(ready)) {
    out.push(h("p.muted.compare-wait", {}, t("A deal can be compared once your table and every other table have finished it.")));
    return out;
  }
  out.push(h("p.muted", {}, t("What the other tables did with your cards:")));
  for (const round of rounds) {
    const n = ready(round);
    if (!n) continue;
    out.push(h("div.deal-choice", { dataset: { round: round.round } },
      rounds.length > 1 ? h("span.muted", {}, `${t("Round {n}", { n: round.round })}: `) : null,
      Array.from({ length: n }, (_, i) => h("button.secondary.small", {
        type: "button", dataset: { deal: i + 1, round: round.round }, onClick: () => showDeal(i + 1, round.round),
      }, t("Deal {n}", { n: i + 1 })))));
  }
  return out;
}

function status(info) {
  if (info.status === "entering") {
    const waiting = t("Waiting for entrants: {n} of {m}", { n: info.entrants.length, m: info.players });
    return info.start_at ? `${waiting} · ${t("starts {time}", { time: dateTime(new Date(info.start_at)) })}` : `${waiting} · ${t("starts when full")}`;
  }
  if (info.status === "playing") return t("Round {n} of {m}", { n: info.round, m: info.rounds });
  return info.status === "finished" ? t("Finished") : t("Cancelled");
}

function standings(info) {
  const duplicate = info.format === "duplicate";
  const head = duplicate ? [t("Player"), t("Against the field"), t("Points")] : [t("Player"), t("Points"), t("Buchholz"), t("Score")];
  const cells = (s) => (duplicate
    ? [signed(Math.round(s.total * 100) / 100), number(s.points)]
    : [number(s.points), number(s.buchholz), number(s.score)]);
  return h("table.standings.grid", {},
    h("thead", {}, h("tr", {}, h("th.num", {}, "#"), head.map((x, i) => h(i ? "th.num" : "th", {}, x)))),
    h("tbody", {}, info.standings.map((s, i) => h("tr", { dataset: { entrant: s.entrant } },
      h("td.num", {}, number(i + 1)),
      h("td", {}, s.name),
      cells(s).map((x) => h("td.num", {}, x))))));
}

function comparison(seen, contracts, roundOver, named) {
  const facts = (f) => {
    if (!f) return "—";
    const name = contracts[f.contract] || f.contract || "";
    return [name, f.trump ? (SUIT_SYMBOL[f.trump] || f.trump) : ""].filter(Boolean).join(" ");
  };
  return [
    h("h2", {}, named ? `${t("Round {n}", { n: seen.round })} · ${t("Deal {n}", { n: seen.deal })}` : t("Deal {n}", { n: seen.deal })),
    h("p.muted", {}, t("Your hand was seat {n}'s at every table.", { n: seen.seat + 1 })),
    h("table.compare", {},
      h("thead", {}, h("tr", {}, [t("Table"), t("Contract"), t("Points"), t("Yours"), ""].map((x) => h("th", {}, x)))),
      h("tbody", {}, seen.tables.map((table) => h("tr", { class: table.yours ? "yours" : "", dataset: { table: table.table_id } },
        h("th", {}, t("Table {n}", { n: table.table + 1 }), table.yours ? h("span.muted", {}, ` (${t("yours")})`) : ""),
        h("td", {}, facts(table.facts),
          table.facts && typeof table.facts.chooser === "number" ? h("span.muted", {}, ` · ${t("chosen by {name}", { name: table.seats[table.facts.chooser] })}`) : ""),
        h("td", {}, table.points ? table.points.map((p, i) => (i === seen.seat ? h("strong", {}, `[${p}]`) : String(p))).flatMap((x, i) => (i ? [" · ", x] : [x])) : "—"),
        h("td.num", {}, table.points ? String(table.points[seen.seat]) : "—"),
        // a table's replay is sealed until its whole round is over
        h("td", {}, roundOver ? h("a", { href: `#/replay/${encodeURIComponent(table.table_id)}` }, t("Replay")) : ""))))),
    seen.diff === null ? null : h("p.compare-diff", {}, t("Your result against the other tables: {x}", { x: signed(Math.round(seen.diff * 100) / 100) })),
  ];
}
