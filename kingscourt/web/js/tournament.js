// A tournament's page #/tournament/{id} (its link adds /{invite}): the entrants, each
// round's tables, the standings and, once it may be seen, what the other tables did with
// one's cards in a duplicate deal. Read again every few seconds while the page is open.
// The entrant's token (the join answer's) is kept in localStorage: it is also the seat's
// token at each of their tables (store.js keeps it per table too).

import { fill, h, toast } from "./dom.js";
import { lang, number, t } from "./i18n.js";
import { playerName, rememberSeat, setPlayerName } from "./store.js";

const EVERY_MS = 3000;
const key = (id) => `kingscourt.tournament.${id}`;

async function call(method, path, body) {
  const init = { method, headers: { "accept-language": lang() } };
  if (body !== undefined) {
    init.headers["content-type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const error = new Error((data && typeof data.detail === "string" && data.detail) || String(response.status));
    error.status = response.status;
    throw error;
  }
  return data;
}

const base = (id) => `/api/tournaments/${encodeURIComponent(id)}`;

export function showTournament({ root, onLeave }, id, invite) {
  const box = h("section.panel.tournament", {}, h("h1", {}, t("Tournament")), h("p.muted", {}, t("Loading the tournament…")));
  const compare = h("section.panel.tournament-compare", { hidden: true });
  root.append(box, compare);
  let token = localStorage.getItem(key(id));
  let shown = null; // the deal compared, kept while the page is read again
  let seated; // the table the entrant was seen at (undefined: not read yet)

  const draw = async () => {
    let info;
    let me = null;
    try {
      info = await call("GET", base(id));
      if (token) me = await call("GET", `${base(id)}/me?token=${encodeURIComponent(token)}`);
    } catch (e) {
      fill(box, h("h1", {}, t("Tournament")), h("p.error", {}, e.message));
      return;
    }
    if (me && me.table_id) rememberSeat(me.table_id, { token, seat: me.seat, game: info.game });
    const table = me ? me.table_id : null;
    if (seated !== undefined && table && table !== seated) ready(me.round);
    seated = table;
    fill(box, ...page(info, me, invite, enter, showDeal));
  };

  const enter = async (name) => {
    setPlayerName(name);
    try {
      const done = await call("POST", `${base(id)}/entrants`, { invite, name });
      token = done.token;
      localStorage.setItem(key(id), token);
      await draw();
    } catch (e) {
      toast(e.message);
    }
  };

  const showDeal = async (deal) => {
    shown = deal;
    compare.hidden = false;
    try {
      const seen = await call("GET", `${base(id)}/deals/${deal}?token=${encodeURIComponent(token)}`);
      fill(compare, ...comparison(seen));
    } catch (e) {
      fill(compare, h("h2", {}, t("Deal {n}", { n: deal })), h("p.muted", {}, e.message));
    }
  };

  draw();
  const timer = setInterval(() => { draw(); if (shown) showDeal(shown); }, EVERY_MS);
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
    h("p", {}, status(info)),
    h("h2", {}, t("Entrants")),
    h("p.entrants", {}, info.entrants.map((e) => e.name).join(", ") || "—"),
  ];
  if (info.status === "entering" && invite && !me) {
    const input = h("input#tournament-name", { value: playerName(), placeholder: t("Your name"), maxLength: 24, required: true });
    out.push(h("form.join", {
      onSubmit: (e) => { e.preventDefault(); if (input.value.trim()) enter(input.value.trim()); },
    }, h("label", {}, `${t("Your name")} `, input), h("button", { type: "submit" }, t("Enter the tournament"))));
  }
  if (me && me.table_id) {
    out.push(h("p", {}, h("a.button#tournament-your-table", { href: `#/table/${encodeURIComponent(me.table_id)}` }, t("Your table"))));
  }
  for (const round of info.tables) {
    out.push(h("h2", {}, t("Round {n}", { n: round.round })));
    out.push(h("ul.tournament-tables", {}, round.tables.map((table) => h("li", {},
      `${t("Table {n}", { n: table.table + 1 })}: ${table.seats.join(", ")} — `,
      table.over ? t("over") : info.format === "duplicate" ? t("deals played: {n}", { n: table.deals }) : t("playing")))));
  }
  out.push(h("h2", {}, t("Standings")), standings(info));
  if (me && me.table_id && info.format === "duplicate") {
    const pick = h("input#tournament-deal", { type: "number", min: 1, max: 20, value: 1 });
    out.push(h("form.compare", {
      onSubmit: (e) => { e.preventDefault(); showDeal(Number(pick.value)); },
    }, h("label", {}, `${t("Compare deal")} `, pick), h("button", { type: "submit" }, t("Compare"))));
  }
  return out;
}

function status(info) {
  if (info.status === "entering") return t("Waiting for entrants: {n} of {m}", { n: info.entrants.length, m: info.players });
  if (info.status === "playing") return t("Round {n}", { n: info.round });
  return info.status === "finished" ? t("Finished") : t("Cancelled");
}

function standings(info) {
  const duplicate = info.format === "duplicate";
  const head = duplicate ? [t("Player"), t("Total"), t("Points")] : [t("Player"), t("Points"), t("Buchholz")];
  return h("table.standings", {},
    h("thead", {}, h("tr", {}, head.map((x) => h("th", {}, x)))),
    h("tbody", {}, info.standings.map((s) => h("tr", {},
      h("td", {}, s.name),
      h("td", {}, number(duplicate ? s.total : s.points)),
      h("td", {}, number(duplicate ? s.points : s.buchholz))))));
}

function comparison(seen) {
  return [
    h("h2", {}, t("Deal {n}", { n: seen.deal })),
    h("table.compare", {},
      h("tbody", {}, seen.tables.map((table) => h("tr", { class: table.yours ? "yours" : "" },
        h("th", {}, t("Table {n}", { n: table.table + 1 })),
        h("td", {}, table.facts ? [table.facts.contract, table.facts.trump].filter(Boolean).join(" ") : "—"),
        h("td", {}, table.points ? table.points.map((p, i) => (i === seen.seat ? `[${p}]` : String(p))).join(" · ") : "—"))))),
    seen.diff === null ? null : h("p", {}, t("Your result against the other tables: {x}", { x: number(seen.diff) })),
  ];
}
