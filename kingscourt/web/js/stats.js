// Statistics: a game's points leaderboard (the game whose board module offers one: King's
// King points) and one player's statistics, with each game's own columns (statColumns).

import { api } from "./api.js";
import { fill, h } from "./dom.js";
import { loadGamesWithModules } from "./games.js";
import { playerName } from "./store.js";
import { ratingBoard } from "./profile.js";
import { recentGames } from "./replay.js";
import { number, t, tn } from "./i18n.js";
import { levelName } from "./names.js";

// a bot's entry ("Bot (basic)", its level's id) in the reader's words
const shownName = (r) => {
  if (r.kind !== "bot") return r.name;
  const level = r.level || (/^Bot \((.+)\)$/.exec(r.name) || [])[1];
  return level ? t("Bot ({level})", { level: levelName(level) }) : r.name;
};

const fmt = (x) => number(x, { maximumFractionDigits: 1, minimumFractionDigits: Number.isInteger(x) ? 0 : 1 });

export async function showLeaderboard({ root }) {
  const box = h("section.panel", {}, h("p.muted", {}, t("Loading…")));
  const ratings = h("section.panel#rating-board");
  root.append(box, ratings);
  ratingBoard(ratings);
  try {
    const games = await loadGamesWithModules();
    const points = games.map((g) => g.board.leaderboard).find(Boolean);
    if (!points) { box.remove(); return; }
    const rows = await api.leaderboard();
    fill(box, h("h1", {}, points.title()),
      h("p.muted", {}, points.note()),
      rows.length ? h("table.grid#leaderboard", {},
        h("thead", {}, h("tr", {}, ["#", t("Player"), ...points.head()].map((head, i) => h(i > 1 ? "th.num" : "th", {}, head)))),
        h("tbody", {}, rows.map((r) => h("tr", {},
          h("td", {}, r.rank), h("td", { dataset: { kind: r.kind, level: r.level || "" } }, h("a", { href: `#/player/${encodeURIComponent(r.name)}` }, shownName(r)),
            r.kind === "bot" ? h("span.badge", { title: t("a computer player: each level has its own entry") }, t("bot")) : null),
          points.row(r).map((x) => h("td.num", {}, fmt(x)))))))
        : h("p", {}, points.empty()));
  } catch (e) {
    box.append(h("p.error", {}, e.message));
  }
}

export async function showPlayer({ root }, name) {
  const input = h("input#stats-name", { value: name || playerName(), placeholder: t("Player name") });
  const body = h("div");
  root.append(h("section.panel", {}, h("h1", {}, t("Player statistics")),
    h("form", { onSubmit: (e) => { e.preventDefault(); location.hash = `#/player/${encodeURIComponent(input.value.trim())}`; } },
      h("label", {}, `${t("Name")} `, input), h("button", { type: "submit" }, t("Show"))),
    body));
  if (!name) return;
  try {
    const p = await api.player(name);
    const games = await loadGamesWithModules();
    const titles = Object.fromEntries(games.map((g) => [g.info.name, g.info.title]));
    // each game's own columns, in the order of the games; a game without one shows "—"
    const columns = games.flatMap((g) => (g.board.statColumns ? g.board.statColumns().map((c) => ({ ...c, game: g.info.name })) : []));
    fill(body,
      h("h2", {}, p.name),
      h("p#player-summary", {}, [tn("{n} game", "{n} games", p.games), tn("{n} win", "{n} wins", p.wins),
        ...columns.filter((c) => c.key in p).map((c) => c.total(p[c.key]))].join(", ") + "."),
      h("table.grid", {},
        h("thead", {}, h("tr", {}, [t("Game"), t("Games"), t("Wins"), t("Average score"), ...columns.map((c) => c.label)].map((head, i) => h(i > 0 ? "th.num" : "th", {}, head)))),
        h("tbody", {}, p.by_game.map((g) => h("tr", {},
          h("td", {}, titles[g.game] || g.game), h("td.num", {}, fmt(g.games)), h("td.num", {}, fmt(g.wins)),
          h("td.num", {}, fmt(g.average_score)),
          columns.map((c) => h("td.num", {}, c.game === g.game && g[c.key] !== undefined && g[c.key] !== null ? fmt(g[c.key]) : "—")))))),
      recentGames({ player: p.name }, t("Recent games of {name}", { name: p.name }))); // each links to its replay
  } catch (e) {
    // statistics count accounts' and bots' games only: a guest's are kept, never counted, so
    // "no finished game" would be untrue of a guest who has played
    fill(body, h("p.muted#no-statistics", {}, e.status === 404
      ? t("No statistics for {name}: they count the games played with an account (a guest's games are kept but not counted).", { name })
      : e.message));
  }
}
