// Ku-Ka-König's end of the game: both scoring sheets side by side, each category with the
// cards it counted (at the first scoring: the cards taken until then; at the second: the
// final collections), each scoring's total and the game's total, the winners marked.
//
// From the final view (scorings, collections, log, scores, winners) and the game's card set
// and sheet lines as /api/games serves them.

import { h } from "/web/js/dom.js";
import { lazy, t, tn } from "/web/js/i18n.js";

const TEXT = lazy(() => ({
  heading: t("Both scorings"),
  scoring: { first: t("1st"), second: t("2nd"), final: t("Final") },
  category: t("Category"),
  game: t("Game total"),
  cards: (n) => `×${n}`,
  cardsTitle: (n, labels) => tn("{n} card: {labels}", "{n} cards: {labels}", n, { labels }),
}));

/** Per scoring, per seat, the card names it counted. */
function counted(v) {
  const n = v.collections.length;
  const out = [];
  let taken = Array.from({ length: n }, () => []);
  for (const e of v.log || []) {
    if (e.kind === "take") taken[e.seat].push(...e.cards);
    if (e.kind === "scoring") {
      out.push(taken.map((c) => c.slice()));
      taken = Array.from({ length: n }, () => []);
    }
  }
  // the last scoring counts the collections as they are at the end
  if (out.length) out[out.length - 1] = v.collections.map((c) => c.slice());
  return out;
}

/** The summary of a finished Ku-Ka-König game: v the final view, ctx the table. */
export function summary(v, ctx) {
  const n = v.collections.length;
  const seats = Array.from({ length: n }, (_, s) => s);
  const cards = {};
  for (const c of ctx.game.cards) cards[c.name] = c;
  const cardsOf = counted(v);
  const winners = new Set(v.winners || []);
  const cell = (sc, i, s, key) => {
    const mine = key === "total" ? [] : (cardsOf[i] ? cardsOf[i][s] : []).filter((c) => cards[c] && cards[c].sheet === key);
    return h("td.num", { title: mine.length ? TEXT.cardsTitle(mine.length, mine.map((c) => cards[c].label).join(", ")) : null },
      String(sc.sheets[s][key]), mine.length ? h("span.muted.count", {}, ` ${TEXT.cards(mine.length)}`) : null);
  };
  return h("section.summary#summary", { dataset: { game: "kukakoenig" } },
    h("h3", {}, TEXT.heading),
    h("div.summary-scroll", {}, h("table.grid.summary-sheets#summary-sheets", {},
      h("thead", {},
        h("tr", {}, h("th", { rowSpan: 2 }, TEXT.category),
          seats.map((s) => h("th", { colSpan: v.scorings.length, class: winners.has(s) ? "winner" : "" }, ctx.name(s)))),
        h("tr", {}, seats.map(() => v.scorings.map((sc) => h("th.num", {}, TEXT.scoring[sc.name] || sc.name))))),
      h("tbody", {}, ctx.game.sheet.map(({ key, label }) => h("tr", { class: key === "total" ? "total" : "", dataset: { line: key } },
        h("th", {}, label), seats.map((s) => v.scorings.map((sc, i) => cell(sc, i, s, key)))))),
      h("tfoot", {}, h("tr", { dataset: { line: "game" } }, h("th", {}, TEXT.game),
        seats.map((s) => h("th.num", { colSpan: v.scorings.length, class: winners.has(s) ? "winner" : "" }, String(v.scores[s]))))))));
}
