// King's end of the game: the whole score sheet (each deal's number, chooser, contract and
// points, the Kings marked), the totals and winners, the Kings made, the King points and, per
// seat, what each kind of penalty cost (tricks, hearts, kings and jacks, queens, the King of
// Hearts, the last two tricks) and what the trump deals brought.
//
// Everything comes from the final view (score_table, scores, winners, kings) and the results
// the server sends with it (king_points); counts are points ÷ the contract's points per unit.

import { h, signed } from "/web/js/dom.js";
import { SUIT_SYMBOL, you } from "/web/js/names.js";
import { lazy, t } from "/web/js/i18n.js";

const TEXT = lazy(() => ({
  heading: t("The whole game"),
  sheet: t("Score sheet"),
  deal: t("Deal"),
  chooser: t("Chooser"),
  contract: t("Contract"),
  total: t("Total"),
  winner: t("winner"),
  kinds: t("Taken, per kind"),
  kind: t("Kind"),
  kings: t("Kings made"),
  noKing: t("No King was made in this game."),
  king: (who, k) => (who === you() ? t("Deal {deal}: you took {tricks} tricks — King!", { deal: k.deal, tricks: k.tricks })
    : t("Deal {deal}: {who} took {tricks} tricks — King!", { deal: k.deal, who, tricks: k.tricks })),
  kingPoints: t("King points"),
  penalties: t("All penalties"),
  // what each contract's unit is called when counted (the server names the unit in the singular)
  units: {
    trick: t("tricks"), heart: t("hearts"), "king or jack": t("kings and jacks"), queen: t("queens"),
    "king of hearts": t("King of Hearts"), "one of the last two tricks": t("last two tricks"),
  },
  seat: (s) => t("seat {n}", { n: s + 1 }),
}));

function short(ctx, seat) {
  return ctx.name(seat).replace(/ \(.*\)$/, "");
}

function contractName(info, id, trump) {
  const c = info.contracts.find((x) => x.id === id);
  const name = c ? c.name : id;
  return trump ? `${name} ${SUIT_SYMBOL[trump] || trump}` : name;
}

/** The summary of a finished King game: v the final view, ctx the table (ctx.results). */
export function summary(v, ctx) {
  const seats = v.scores.map((_, s) => s);
  const winners = new Set(v.winners || []);
  const results = ctx.results || [];
  const kingAt = (deal, s) => (v.kings || []).some((k) => k.deal === deal && k.seat === s);
  const head = h("tr", {}, h("th", {}, TEXT.deal), h("th", {}, TEXT.chooser), h("th", {}, TEXT.contract),
    seats.map((s) => h("th.num", { class: winners.has(s) ? "winner" : "" }, short(ctx, s),
      h("span.seat-no", {}, ` ${TEXT.seat(s)}`))));
  const rows = v.score_table.map((r) => h("tr", { dataset: { deal: String(r.deal), contract: r.contract } },
    h("td", {}, String(r.deal)),
    h("td", {}, short(ctx, r.chooser)),
    h("td", {}, contractName(ctx.game, r.contract, r.trump)),
    seats.map((s) => h("td.num", { class: kingAt(r.deal, s) ? "king" : "" },
      r.points[s] ? signed(r.points[s]) : "0", kingAt(r.deal, s) ? " ♚" : ""))));
  const sheet = h("table.grid.summary-sheet#summary-sheet", {},
    h("caption", {}, TEXT.sheet),
    h("thead", {}, head),
    h("tbody", {}, rows),
    h("tfoot", {}, h("tr", {}, h("th", { colSpan: 3 }, TEXT.total),
      seats.map((s) => h("th.num", { class: winners.has(s) ? "winner" : "" }, signed(v.scores[s]))))));

  // per kind: the deals of each contract summed per seat, counted in the contract's units
  const kinds = ctx.game.contracts.map((c) => {
    const played = v.score_table.filter((r) => r.contract === c.id);
    const points = seats.map((s) => played.reduce((sum, r) => sum + r.points[s], 0));
    return { c, played: played.length, points, units: points.map((p) => (c.per_unit ? Math.round(p / c.per_unit) : 0)) };
  });
  const penalties = seats.map((s) => kinds.filter((k) => k.c.penalty).reduce((sum, k) => sum + k.points[s], 0));
  const cell = (units, points) => h("td.num", {}, units ? `${units} · ${signed(points)}` : "—");
  const perKind = h("table.grid.summary-kinds#summary-kinds", {},
    h("caption", {}, TEXT.kinds),
    h("thead", {}, h("tr", {}, h("th", {}, TEXT.kind), seats.map((s) => h("th.num", {}, short(ctx, s))))),
    h("tbody", {},
      kinds.map((k) => h("tr", { dataset: { contract: k.c.id } },
        h("th", {}, t("{rule}: {value}", { rule: k.c.name, value: TEXT.units[k.c.unit] || k.c.unit }), h("span.muted", {}, ` ×${k.played}`)),
        seats.map((s) => cell(k.units[s], k.points[s])))),
      h("tr.total", {}, h("th", {}, TEXT.penalties), seats.map((s) => h("td.num", {}, signed(penalties[s])))),
      h("tr", { dataset: { line: "kings" } }, h("th", {}, TEXT.kings),
        seats.map((s) => h("td.num", {}, String((v.kings || []).filter((k) => k.seat === s).length)))),
      results.length ? h("tr", { dataset: { line: "king-points" } }, h("th", {}, TEXT.kingPoints),
        seats.map((s) => h("td.num", {}, results[s] ? String(results[s].king_points) : ""))) : null));
  const kings = (v.kings || []).length
    ? h("ul.summary-kings", {}, v.kings.map((k) => h("li", {}, "♚ ", TEXT.king(ctx.name(k.seat), k))))
    : h("p.muted.summary-kings", {}, TEXT.noKing);
  return h("section.summary#summary", { dataset: { game: "king" } },
    h("h3", {}, TEXT.heading), kings, h("div.summary-scroll", {}, sheet), h("div.summary-scroll", {}, perKind));
}
