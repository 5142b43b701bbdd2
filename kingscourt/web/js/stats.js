// Statistics: the King-points leaderboard and one player's statistics.

import { api } from "./api.js";
import { fill, h } from "./dom.js";
import { loadGames } from "./games.js";
import { playerName } from "./store.js";
import { ratingBoard } from "./profile.js";
import { recentGames } from "./replay.js";

const fmt = (x) => (Number.isInteger(x) ? String(x) : x.toFixed(1));

export async function showLeaderboard({ root }) {
  const box = h("section.panel", {}, h("h1", {}, "King leaderboard"), h("p.muted", {}, "Loading…"));
  const ratings = h("section.panel#rating-board");
  root.append(box, ratings);
  ratingBoard(ratings);
  try {
    const rows = await api.leaderboard();
    fill(box, h("h1", {}, "King leaderboard"),
      h("p.muted", {}, "King points: per finished King game, 1 for every other seat outscored (½ a tie), plus 1 for every King made."),
      rows.length ? h("table.grid#leaderboard", {},
        h("thead", {}, h("tr", {}, ["#", "Player", "King points", "Games", "Wins", "Kings", "Average"].map((t, i) => h(i > 1 ? "th.num" : "th", {}, t)))),
        h("tbody", {}, rows.map((r) => h("tr", {},
          h("td", {}, r.rank), h("td", { dataset: { kind: r.kind, level: r.level || "" } }, h("a", { href: `#/player/${encodeURIComponent(r.name)}` }, r.name),
            r.kind === "bot" ? h("span.badge", { title: "a computer player: each level has its own entry" }, "bot") : null),
          h("td.num", {}, fmt(r.king_points)), h("td.num", {}, r.games), h("td.num", {}, r.wins),
          h("td.num", {}, r.kings), h("td.num", {}, fmt(r.average_score))))))
        : h("p", {}, "No King game has finished yet."));
  } catch (e) {
    box.append(h("p.error", {}, e.message));
  }
}

export async function showPlayer({ root }, name) {
  const input = h("input#stats-name", { value: name || playerName(), placeholder: "Player name" });
  const body = h("div");
  root.append(h("section.panel", {}, h("h1", {}, "Player statistics"),
    h("form", { onSubmit: (e) => { e.preventDefault(); location.hash = `#/player/${encodeURIComponent(input.value.trim())}`; } },
      h("label", {}, "Name ", input), h("button", { type: "submit" }, "Show")),
    body));
  if (!name) return;
  try {
    const p = await api.player(name);
    const titles = Object.fromEntries((await loadGames()).map((g) => [g.name, g.title]));
    fill(body,
      h("h2", {}, p.name),
      h("p#player-summary", {}, `${p.games} games, ${p.wins} wins, ${p.kings} Kings made, ${fmt(p.king_points)} King points.`),
      h("table.grid", {},
        h("thead", {}, h("tr", {}, ["Game", "Games", "Wins", "Average score", "Kings", "King points"].map((t, i) => h(i > 0 ? "th.num" : "th", {}, t)))),
        h("tbody", {}, p.by_game.map((g) => h("tr", {},
          h("td", {}, titles[g.game] || g.game), h("td.num", {}, g.games), h("td.num", {}, g.wins),
          h("td.num", {}, fmt(g.average_score)), h("td.num", {}, g.game === "king" ? g.kings : "—"),
          h("td.num", {}, g.game === "king" ? fmt(g.king_points) : "—"))))),
      recentGames({ player: p.name }, `Recent games of ${p.name}`)); // each links to its replay
  } catch (e) {
    fill(body, h("p.muted", {}, e.status === 404 ? `${name} has no finished game yet.` : e.message));
  }
}
