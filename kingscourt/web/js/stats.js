// Statistics: the King-points leaderboard and one player's statistics.

import { api } from "./api.js";
import { fill, h } from "./dom.js";
import { loadGames } from "./games.js";
import { playerName } from "./store.js";
import { ratingBoard } from "./profile.js";
import { recentGames } from "./replay.js";
import { number, t, tn } from "./i18n.js";

const fmt = (x) => number(x, { maximumFractionDigits: 1, minimumFractionDigits: Number.isInteger(x) ? 0 : 1 });

export async function showLeaderboard({ root }) {
  const box = h("section.panel", {}, h("h1", {}, t("King leaderboard")), h("p.muted", {}, t("Loading…")));
  const ratings = h("section.panel#rating-board");
  root.append(box, ratings);
  ratingBoard(ratings);
  try {
    const rows = await api.leaderboard();
    fill(box, h("h1", {}, t("King leaderboard")),
      h("p.muted", {}, t("King points: per finished King game, 1 for every other seat outscored (½ a tie), plus 1 for every King made.")),
      rows.length ? h("table.grid#leaderboard", {},
        h("thead", {}, h("tr", {}, ["#", t("Player"), t("King points"), t("Games"), t("Wins"), t("Kings"), t("Average")].map((head, i) => h(i > 1 ? "th.num" : "th", {}, head)))),
        h("tbody", {}, rows.map((r) => h("tr", {},
          h("td", {}, r.rank), h("td", { dataset: { kind: r.kind, level: r.level || "" } }, h("a", { href: `#/player/${encodeURIComponent(r.name)}` }, r.name),
            r.kind === "bot" ? h("span.badge", { title: t("a computer player: each level has its own entry") }, t("bot")) : null),
          h("td.num", {}, fmt(r.king_points)), h("td.num", {}, fmt(r.games)), h("td.num", {}, fmt(r.wins)),
          h("td.num", {}, fmt(r.kings)), h("td.num", {}, fmt(r.average_score))))))
        : h("p", {}, t("No King game has finished yet.")));
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
    const titles = Object.fromEntries((await loadGames()).map((g) => [g.name, g.title]));
    fill(body,
      h("h2", {}, p.name),
      h("p#player-summary", {}, [tn("{n} game", "{n} games", p.games), tn("{n} win", "{n} wins", p.wins),
        tn("{n} King made", "{n} Kings made", p.kings), t("{points} King points", { points: fmt(p.king_points) })].join(", ") + "."),
      h("table.grid", {},
        h("thead", {}, h("tr", {}, [t("Game"), t("Games"), t("Wins"), t("Average score"), t("Kings"), t("King points")].map((head, i) => h(i > 0 ? "th.num" : "th", {}, head)))),
        h("tbody", {}, p.by_game.map((g) => h("tr", {},
          h("td", {}, titles[g.game] || g.game), h("td.num", {}, fmt(g.games)), h("td.num", {}, fmt(g.wins)),
          h("td.num", {}, fmt(g.average_score)), h("td.num", {}, g.game === "king" ? fmt(g.kings) : "—"),
          h("td.num", {}, g.game === "king" ? fmt(g.king_points) : "—"))))),
      recentGames({ player: p.name }, t("Recent games of {name}", { name: p.name }))); // each links to its replay
  } catch (e) {
    fill(body, h("p.muted", {}, e.status === 404 ? t("{name} has no finished game yet.", { name }) : e.message));
  }
}
