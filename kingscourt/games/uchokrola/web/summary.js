// Ucho Króla's end of the game: every prestige pile revealed, each card with its prestige, the
// pile's sum, Hrabia de Guiche's −5, each total, the Ucho króla cards and the tie-break
// (most prestige wins; a tie goes to more Ucho króla cards in the pile; then it is shared).
//
// From the final view (prestige, scores, winners, teams) and the results the server sends with
// it (pile, pile_prestige, penalty, penalty_by, own, uchos).

import { h } from "/web/js/dom.js";
import { lazy, t } from "/web/js/i18n.js";
import { you } from "/web/js/names.js";

// "Ucho króla" (the card) keeps its Polish name in every language
const TEXT = lazy(() => ({
  heading: t("How the prestige was counted"),
  seat: t("Courtier"),
  pile: t("Prestige pile"),
  sum: t("Cards"),
  penalty: t("Penalty"),
  total: t("Total"),
  team: t("Team"),
  uchos: "Ucho króla",
  empty: t("empty"),
  rule: t("Most prestige wins; a tie goes to more Ucho króla cards in the prestige pile; still tied, the win is shared."),
  clear: (who, best) => (who === you() ? t("You have the most prestige ({n}).", { n: best }) : t("{who} has the most prestige ({n}).", { who, n: best })),
  tied: (best, items) => t("Tied at {n} prestige: {list}.", { n: best, list: items }),
  tiedOne: (who, n) => t("{who} with {n} Ucho króla", { who, n }),
  broken: (who) => (who === you() ? t("The tie goes to more Ucho króla cards: you win.") : t("The tie goes to more Ucho króla cards: {who} wins.", { who })),
  shared: t("Still tied on Ucho króla cards: the win is shared."),
  penaltyBy: (name, n) => `${name} −${n}`,
}));

const sum = (xs) => xs.reduce((a, b) => a + b, 0);

/** The tie-break, explained in words, from the final scores and the Ucho króla cards. */
export function tieBreak(v, results, name) {
  const teams = v.teams && v.teams.length ? v.teams : v.scores.map((_, s) => [s]);
  const keys = teams.map((t) => ({ seats: t, score: v.scores[t[0]], uchos: sum(t.map((s) => results[s].uchos)) }));
  const who = (k) => k.seats.map(name).join(" & ");
  const best = Math.max(...keys.map((k) => k.score));
  const top = keys.filter((k) => k.score === best);
  if (top.length === 1) return TEXT.clear(who(top[0]), best);
  const most = Math.max(...top.map((k) => k.uchos));
  const ahead = top.filter((k) => k.uchos === most);
  const tied = TEXT.tied(best, top.map((k) => TEXT.tiedOne(who(k), k.uchos)).join(", "));
  return `${tied} ${ahead.length === 1 ? TEXT.broken(who(ahead[0])) : TEXT.shared}`;
}

/** The summary of a finished Ucho Króla game: v the final view, ctx the table (ctx.results). */
export function summary(v, ctx) {
  const results = ctx.results;
  if (!results || !results.length || results[0].pile === undefined) return null;
  const prestige = {};
  const known = {};
  for (const c of ctx.game.cards) { prestige[c.name] = c.prestige; known[c.name] = c; }
  // a card as the board draws it: its kind's colour, its text on hover
  const card = (c) => h("span", { class: `uk-card small kind-${known[c] ? known[c].kind : "unknown"}`, title: known[c] ? `${c}: ${known[c].text}` : c },
    known[c] ? known[c].label : c);
  const name = (s) => ctx.name(s);
  const teams = v.teams && v.teams.length ? v.teams : null;
  const winners = new Set(v.winners || []);
  const courtier = (s) => {
    const chars = (v.characters[s] || []).join(" & ");
    return chars ? `${name(s)} (${chars})` : name(s);
  };
  const rows = results.map((r) => h("tr", { class: winners.has(r.seat) ? "winner" : "", dataset: { seat: String(r.seat) } },
    h("th", {}, courtier(r.seat)),
    h("td.pile-cell", {}, r.pile.length
      ? r.pile.map((c) => h("span.pile-card", {}, card(c), h("span.prestige-value", {}, String(prestige[c] ?? "?"))))
      : h("span.muted", {}, TEXT.empty)),
    h("td.num", {}, String(r.pile_prestige)),
    h("td.num.penalty", {}, r.penalty ? TEXT.penaltyBy(r.penalty_by || "", r.penalty) : "—"),
    h("td.num", {}, String(r.own)),
    teams ? h("td.num", {}, String(v.scores[r.seat])) : null,
    h("td.num", {}, String(r.uchos))));
  return h("section.summary#summary", { dataset: { game: "uchokrola" } },
    h("h3", {}, TEXT.heading),
    h("div.summary-scroll", {}, h("table.grid.summary-piles#summary-piles", {},
      h("thead", {}, h("tr", {}, h("th", {}, TEXT.seat), h("th", {}, TEXT.pile), h("th.num", {}, TEXT.sum),
        h("th.num", {}, TEXT.penalty), h("th.num", {}, TEXT.total), teams ? h("th.num", {}, TEXT.team) : null,
        h("th.num", {}, TEXT.uchos))),
      h("tbody", {}, rows))),
    h("p.tie-break#tie-break", {}, tieBreak(v, results, name)),
    h("p.muted", {}, TEXT.rule));
}
