// What Ku-Ka-König adds to the shared table and replay pages: the sound of a new state (a
// collision, a row taken, the picks revealed), what a screen reader hears of it, the motion
// of a taken row into its taker's collection (after the "Ku – Ka – König!" count), and a
// replay's secret picks and pile.

import { h } from "/web/js/dom.js";
import { ghost, rect } from "/web/js/motion.js";
import { list, t, tn } from "/web/js/i18n.js";

/** The sound of what the log says happened since the previous state. */
export function heard(prev, m) {
  const fresh = (m.view.log || []).slice((prev.view.log || []).length).map((e) => e.kind);
  if (fresh.includes("collision")) return "collision";
  if (fresh.includes("take")) return "trick";
  if (fresh.includes("reveal")) return "play";
  return null;
}

/**
 * What a screen reader hears of a new state (table_look.js says it in the page's live
 * region): that a seat picked (never which row: only one's own pick is said), the picks
 * revealed, each collision and take, new cards on the rows, the rounds, scorings and the end.
 * Everything comes from this seat's view: its public log and its own pick.
 */
export function said(prev, m, ctx) {
  const a = prev.view;
  const b = m.view;
  const label = {};
  for (const c of (ctx.game && ctx.game.cards) || []) label[c.name] = c.label;
  const cards = (cs) => list(cs.map((c) => label[c] || c));
  const names = (seats) => list(seats.map((s) => ctx.name(s)));
  const fresh = (b.log || []).slice((a.log || []).length);
  const out = [];
  if (b.my_pick && b.my_pick !== a.my_pick) out.push(t("You pick row {row} in secret.", { row: b.my_pick }));
  if (!fresh.some((e) => e.kind === "reveal")) {
    for (const s of b.picked || []) {
      if (s !== ctx.me && !(a.picked || []).includes(s)) out.push(t("{name} has picked.", { name: ctx.name(s) }));
    }
  }
  for (const e of fresh) {
    if (e.kind === "reveal") {
      out.push(t("Revealed: {picks}.", { picks: list(e.picks.map((p) => t("{name}: row {row}", { name: ctx.name(p.seat), row: p.row }))) }));
    } else if (e.kind === "collision") {
      out.push(`${t("Collision on row {row}: {names}", { row: e.row, names: names(e.seats) })}.`,
        tn("{card} is burnt, {n} card is left. They pick again.", "{card} is burnt, {n} cards are left. They pick again.", e.left,
          { card: label[e.burnt] || e.burnt }));
    } else if (e.kind === "take") {
      out.push(e.seat === ctx.me ? t("You take row {row}: {cards}.", { row: e.row, cards: cards(e.cards) })
        : t("{name} takes row {row}: {cards}.", { name: ctx.name(e.seat), row: e.row, cards: cards(e.cards) }));
    } else if (e.kind === "empty-handed" && e.seats.length) {
      out.push(e.seats.length === 1 && e.seats[0] === ctx.me ? t("You get nothing this round.")
        : tn("{names} gets nothing this round.", "{names} get nothing this round.", e.seats.length, { names: names(e.seats) }));
    } else if (e.kind === "round-start") {
      out.push(`${e.last ? t("Round {n} (last)", { n: e.round }) : t("Round {n}", { n: e.round })}.`);
    } else if (e.kind === "box-shuffled") {
      out.push(tn("The pile ran out: {n} card from the box is shuffled in.", "The pile ran out: {n} cards from the box are shuffled in.", e.cards));
    } else if (e.kind === "refill") {
      const rows = e.rows.filter((r) => r.cards.length).map((r) => t("Row {n}: {cards}", { n: r.row, cards: cards(r.cards) }));
      if (rows.length) out.push(t("New cards on the rows: {rows}.", { rows: rows.join("; ") }));
    } else if (e.kind === "returned") {
      e.cards.forEach((cs, s) => {
        if (!cs.length) return;
        out.push(s === ctx.me ? t("You give back {cards}.", { cards: cards(cs) })
          : t("{name} gives back {cards}.", { name: ctx.name(s), cards: cards(cs) }));
      });
    } else if (e.kind === "scoring") {
      const head = e.name === "first" ? t("First scoring.") : e.name === "second" ? t("Second scoring.") : t("Final scoring.");
      out.push(`${head} ${e.sheets.map((sh, s) => tn("{name}: {n} point", "{name}: {n} points", sh.total, { name: ctx.name(s) })).join(", ")}.`);
    } else if (e.kind === "game-over") {
      const won = e.winners || [];
      out.push(t("The game is over."));
      if (won.length) {
        out.push(won.length === 1 && won[0] === ctx.me ? t("You win!")
          : tn("{names} wins!", "{names} win!", won.length, { names: names(won) }));
      }
    }
  }
  return out;
}

export const motion = {
  before(board) {
    const rows = new Map([...board.querySelectorAll(".kkk-row[data-row]")].map((r) => [
      r.dataset.row, [...r.querySelectorAll(".kkk-card")].map((e) => ({ el: e, rect: rect(e) }))]));
    return { rows };
  },
  after(board, before, prev, msg) {
    const seen = prev ? (prev.view.log || []).length : null;
    if (seen === null) return;
    const fresh = (msg.view.log || []).slice(seen);
    const counted = fresh.some((e) => e.kind === "reveal");
    const delay = counted ? 3 * 380 : 0; // after the "Ku – Ka – König!" count
    for (const e of fresh) {
      if (e.kind !== "take") continue;
      const to = rect(board.querySelector(`#collections .player[data-seat="${e.seat}"]`));
      (before.rows.get(String(e.row)) || []).forEach((c, i) => ghost(c.el, c.rect, to, { delay: delay + i * 40, ms: 520 }));
    }
  },
};

/** A replay with every hand open: each seat's secret pick and the next cards of the pile. */
export function openHands(v, names, data) {
  const label = {};
  for (const c of data.cards || []) label[c.name] = c.label;
  const cards = (v.pile_cards || []).slice(0, 9);
  return [
    h("ul.replay-picks", {}, (v.picks || []).map((row, s) => h("li", { dataset: { seat: String(s) } },
      h("strong", {}, names[s]), `: ${row ? t("picked row {row} in secret", { row }) : t("no pick yet")}`))),
    h("p", {}, `${t("Next on the pile")}: `, cards.length ? cards.map((c) => label[c] || c).join(", ") : t("empty")),
  ];
}
