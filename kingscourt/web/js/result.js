// The result of a finished game, one block for every table: who won, then each seat from the
// best score down; a game adds its own part to a line (King's ♚, Ucho Króla's prestige pile).

import { h } from "./dom.js";

/**
 * v: the final view (scores, winners); ctx: the table (name of a seat).
 * opts.name(seat): how a seat is named (default ctx.name);
 * opts.score(seat): the score as shown (default the number);
 * opts.extra(seat): what the game adds to the seat's line;
 * opts.prize: what the winners win ("the King's ear"); opts.caption: a heading over the list.
 */
export function resultBlock(v, ctx, opts = {}) {
  const name = opts.name || ((s) => ctx.name(s));
  const score = opts.score || ((s) => String(v.scores[s]));
  const winners = v.winners || [];
  const order = v.scores.map((_, s) => s).sort((a, b) => v.scores[b] - v.scores[a] || a - b);
  const names = winners.map(name);
  const verb = names.length > 1 || names[0] === "You" ? "win" : "wins";
  return h("section.result#result", {},
    h("h2", {}, names.length ? `${names.join(" and ")} ${verb}${opts.prize ? ` ${opts.prize}` : ""}!` : "Game over"),
    opts.caption ? h("h3", {}, opts.caption) : null,
    h("ol.final", {}, order.map((s) => h("li", { class: winners.includes(s) ? "winner" : "", dataset: { seat: s } },
      h("strong", {}, `${name(s)}: ${score(s)}`),
      opts.extra ? opts.extra(s) : null))),
    h("a.button", { href: "#/" }, "Back to the lobby"));
}
