// A player's profile #/profile/{name}: the rating per game with its history drawn as a chart
// (inline SVG, nothing fetched), the latest games (each linking to its replay) and each
// game's own part (its board module's profileSection); and the rating tables of the
// leaderboard page.

import { request } from "./api.js";
import { fill, h } from "./dom.js";
import { loadGames, loadGamesWithModules } from "./games.js";
import { date, dateTime, lazy, number, t, tn } from "./i18n.js";
import { chartScale } from "./layout.js";
import { levelName } from "./names.js";

// a bot's entry ("Bot (basic)", its level's id) in the reader's words
const shownName = (r) => {
  if (r.kind !== "bot") return r.name;
  const level = r.level || (/^Bot \((.+)\)$/.exec(r.name) || [])[1];
  return level ? t("Bot ({level})", { level: levelName(level) }) : r.name;
};

const T = lazy(() => ({
  title: (n) => `${n}`,
  loading: t("Loading…"),
  noAccount: (n) => t("There is no account named {name}.", { name: n }),
  since: (d) => t("Player since {date}.", { date: d }),
  ratings: t("Ratings"),
  noRatings: t("No rated game yet: a game with at least one account is rated when it ends."),
  ratingLine: (r) => tn("Rating {rating} (μ {mu}, σ {sigma}) after {n} rated game, {wins} won.",
    "Rating {rating} (μ {mu}, σ {sigma}) after {n} rated games, {wins} won.", r.games,
    { rating: fmt(r.rating), mu: fmt(r.mu), sigma: fmt(r.sigma), wins: r.wins }),
  chart: (title) => t("Rating in {game}, after each rated game", { game: title }),
  recent: t("Recent games"),
  noRecent: t("No finished game yet."),
  replay: t("Replay"),
  won: t("won"),
  lost: "—",
  recentHead: [t("Game"), t("Finished"), t("Seat"), t("Score"), t("Result"), ""],
  boardTitle: t("Ratings"),
  boardNote: t("OpenSkill (Plackett–Luce) per game: the rating is μ − 3σ, 0 for a new player, rising as games make it surer. Each bot level stays at a fixed reference rating. Guests are not rated."),
  boardHead: ["#", t("Player"), t("Rating"), t("Rated games"), t("Wins")],
  boardEmpty: t("No rated game yet."),
  game: t("Game"),
}));

const fmt = (x) => number(x, { maximumFractionDigits: 1, minimumFractionDigits: Number.isInteger(x) ? 0 : 1 });
const SVG = "http://www.w3.org/2000/svg";

function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  for (const c of children) el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return el;
}

/** The rating after each game as a line chart, from a new player's 0 before the first. */
export function ratingChart(game, title, history) {
  const values = [0, ...history.map((p) => p.rating)];
  const W = 480, H = 170, L = 44, R = 12, TOP = 12, B = 26;
  const { x, y, lo, hi } = chartScale(values, { W, H, L, R, TOP, B });
  const points = values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
  const svg = s("svg", {
    class: "rating-chart", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": T.chart(title),
    "data-game": game, "data-points": values.length,
  },
  s("title", {}, T.chart(title)),
  s("line", { x1: L, y1: TOP, x2: L, y2: H - B, class: "axis" }),
  s("line", { x1: L, y1: H - B, x2: W - R, y2: H - B, class: "axis" }),
  s("text", { x: L - 6, y: y(hi) + 4, "text-anchor": "end", class: "tick" }, fmt(Math.round(hi * 10) / 10)),
  s("text", { x: L - 6, y: y(lo) + 4, "text-anchor": "end", class: "tick" }, fmt(Math.round(lo * 10) / 10)),
  s("text", { x: W - R, y: H - 8, "text-anchor": "end", class: "tick" }, `${values.length - 1}`),
  s("text", { x: L, y: H - 8, class: "tick" }, "0"),
  s("polyline", { points, class: "line" }),
  ...values.map((v, i) => s("circle", { cx: x(i).toFixed(1), cy: y(v).toFixed(1), r: 3, class: "dot" },
    s("title", {}, fmt(Math.round(v * 10) / 10)))));
  return svg;
}

export async function showProfile({ root }, name) {
  const box = h("section.panel.profile", {}, h("p.muted", {}, T.loading));
  root.append(box);
  let p;
  try {
    p = await request("GET", `/api/profiles/${encodeURIComponent(name)}`);
  } catch (e) {
    fill(box, h("p.error", {}, e.status === 404 ? T.noAccount(name) : e.message));
    return;
  }
  let titles = {};
  let sections = [];
  try {
    const games = await loadGamesWithModules();
    titles = Object.fromEntries(games.map((g) => [g.info.name, g.info.title]));
    sections = games.map((g) => (g.board.profileSection ? g.board.profileSection(p) : null));
  } catch { /* names only */ }
  const title = (g) => titles[g] || g;
  fill(box,
    h("h1#profile-name", {}, T.title(p.name)),
    h("p.muted", {}, T.since(date(p.created_at))),
    h("h2", {}, T.ratings),
    p.ratings.length
      ? p.ratings.map((r) => h("div.rating-game", { dataset: { game: r.game } },
          h("h3", {}, title(r.game)),
          h("p.rating-line", { id: `rating-${r.game}`, dataset: { rating: String(r.rating), games: String(r.games) } }, T.ratingLine(r)),
          ratingChart(r.game, title(r.game), r.history)))
      : h("p.muted#no-ratings", {}, T.noRatings),
    h("h2", {}, T.recent),
    p.recent.length
      ? h("table.grid#recent-games", {},
          h("thead", {}, h("tr", {}, T.recentHead.map((t, i) => h(i === 2 || i === 3 ? "th.num" : "th", {}, t)))),
          h("tbody", {}, p.recent.map((g) => h("tr", { dataset: { table: g.table } },
            h("td", {}, title(g.game)), h("td", {}, dateTime(g.finished_at)),
            h("td.num", {}, g.seat + 1), h("td.num", {}, g.score), h("td", {}, g.won ? T.won : T.lost),
            h("td", {}, h("a.replay-link", { href: g.replay }, T.replay))))))
      : h("p.muted", {}, T.noRecent),
    sections);
}

/** The rating table of one game, with a game picker, for the leaderboard page. */
export async function ratingBoard(box) {
  let games = [];
  try { games = await loadGames(); } catch (e) { fill(box, h("p.error", {}, e.message)); return; }
  const table = h("div.rating-board");
  const select = h("select#rating-game", { "aria-label": T.game, onChange: () => load(select.value) },
    games.map((g) => h("option", { value: g.name }, g.title)));
  const load = async (game) => {
    try {
      const rows = await request("GET", `/api/leaderboard?game=${encodeURIComponent(game)}`);
      const people = rows.filter((r) => r.kind === "human");
      fill(table, h("table.grid#ratings", { dataset: { game } },
        h("thead", {}, h("tr", {}, T.boardHead.map((t, i) => h(i > 1 ? "th.num" : "th", {}, t)))),
        h("tbody", {}, rows.map((r) => h(`tr.${r.kind}`, {},
          h("td", {}, r.rank),
          h("td", {}, r.kind === "human" ? h("a", { href: `#/profile/${encodeURIComponent(r.name)}` }, r.name) : shownName(r)),
          h("td.num", {}, fmt(Math.round(r.rating * 10) / 10)), h("td.num", {}, r.games), h("td.num", {}, r.wins))))),
      people.length ? null : h("p.muted", {}, T.boardEmpty));
    } catch (e) {
      fill(table, h("p.error", {}, e.message));
    }
  };
  fill(box, h("h2", {}, T.boardTitle), h("p.muted", {}, T.boardNote),
    h("label.field", {}, `${T.game} `, select), table);
  if (games.length) load(games[0].name);
}
