// King's statistics as the shared pages show them: the King-points leaderboard (#/leaderboard),
// the Kings and King points columns of a player's statistics, and King's part of a profile
// (games, Kings made, each contract's choices and average).

import { h } from "/web/js/dom.js";
import { number, t, tn } from "/web/js/i18n.js";

const fmt = (x) => number(x, { maximumFractionDigits: 1, minimumFractionDigits: Number.isInteger(x) ? 0 : 1 });

/** The columns King adds to a player's statistics (each a key of its by_game row). */
export function statColumns() {
  return [{ key: "kings", label: t("Kings"), total: (n) => tn("{n} King made", "{n} Kings made", n) },
    { key: "king_points", label: t("King points"), total: (n) => t("{points} King points", { points: fmt(n) }) }];
}

/** The King-points leaderboard (GET /api/leaderboard without a game). */
export const leaderboard = {
  title: () => t("King leaderboard"),
  note: () => t("King points: per finished King game, 1 for every other seat outscored (½ a tie), plus 1 for every King made."),
  head: () => [t("King points"), t("Games"), t("Wins"), t("Kings"), t("Average")],
  row: (r) => [r.king_points, r.games, r.wins, r.kings, r.average_score],
  empty: () => t("No King game has finished yet."),
};

/** King's part of a profile: games, Kings made and the contracts chosen (profile.king). */
export function profileSection(p) {
  const k = p.king;
  if (!k) return null;
  return [h("h2", {}, "King"),
    h("p#king-stats", {}, `${tn("{n} King game", "{n} King games", k.games)}, ${tn("{n} King made.", "{n} Kings made.", k.kings)}`),
    k.contracts.length
      ? h("table.grid#king-contracts", {},
          h("thead", {}, h("tr", {}, [t("Contract"), t("Chosen"), t("Average result")].map((head, i) => h(i ? "th.num" : "th", {}, head)))),
          h("tbody", {}, k.contracts.map((c) => h("tr", {},
            h("td", {}, c.contract), h("td.num", {}, c.chosen), h("td.num", {}, fmt(c.average))))))
      : h("p.muted", {}, t("No contract chosen yet."))];
}
