// The result of a finished game, one block for every table: who won, then each seat from the
// best score down; a game adds its own part to a line (King's ♚, Ucho Króla's prestige pile).
// Below it the game's summary (ctx.summary: the game's summary module, as its /api/games
// entry names it) and the rematch panel of the table (rematch.js), when the table has one.

import { h } from "./dom.js";
import { lazy, list, t, tn } from "./i18n.js";

const TEXT = lazy(() => ({
  over: t("Game over"),
  // you alone; else the winners' names, one or more (the verb agrees)
  youWin: t("You win!"),
  win: (names, n) => tn("{names} wins!", "{names} win!", n, { names }),
  lobby: t("Back to the lobby"),
}));

/**
 * v: the final view (scores, winners); ctx: the table (name of a seat, results, rematch,
 * summary: the game's summary function or none).
 * opts.name(seat): how a seat is named (default ctx.name);
 * opts.score(seat): the score as shown (default the number);
 * opts.extra(seat): what the game adds to the seat's line;
 * opts.headline(names, you): the heading over the winners (default "… wins!"; you: your seat
 * alone won); opts.caption: a heading over the list.
 */
export function resultBlock(v, ctx, opts = {}) {
  const name = opts.name || ((s) => ctx.name(s));
  const score = opts.score || ((s) => String(v.scores[s]));
  const winners = v.winners || [];
  const order = v.scores.map((_, s) => s).sort((a, b) => v.scores[b] - v.scores[a] || a - b);
  const names = winners.map(name);
  const alone = winners.length === 1 && winners[0] === ctx.me && ctx.me !== null && ctx.me !== undefined;
  const headline = opts.headline || ((ns, you) => (you ? TEXT.youWin : TEXT.win(list(ns), ns.length)));
  const summary = ctx.summary && ctx.game ? ctx.summary(v, ctx) : null;
  return h("section.result#result", {},
    h("h2", {}, names.length ? headline(names, alone) : TEXT.over),
    opts.caption ? h("h3", {}, opts.caption) : null,
    h("ol.final", {}, order.map((s) => h("li", { class: winners.includes(s) ? "winner" : "", dataset: { seat: s } },
      h("strong", {}, `${name(s)}: ${score(s)}`),
      opts.extra ? opts.extra(s) : null))),
    ctx.rematch ? ctx.rematch.el : null,
    summary,
    h("a.button", { href: "#/" }, TEXT.lobby));
}
