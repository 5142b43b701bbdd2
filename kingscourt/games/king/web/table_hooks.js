// What King adds to the shared table and replay pages: the sound of a new state, the motion
// around it (a played card glides from the hand or its seat into the trick, a closed trick
// flies to its winner), the open hands of a replay, and how a table's rules are summed up.

import { h } from "/web/js/dom.js";
import { cardFace, cardName, sortHand } from "/web/js/cards.js";
import { ghost, glideIn, rect } from "/web/js/motion.js";
import { t, tn } from "/web/js/i18n.js";

const POS = ["bottom", "right", "top", "left"];

/** The number of deals first: short_game is said there, not among the changed rules. */
export function rulesLead(rules) {
  return [tn("{n} deal", "{n} deals", rules.short_game ? 12 : 20)];
}
export const rulesSaid = ["short_game"];

/** The sound of what changed: a King made, a trick closed, a card played. */
export function heard(prev, m) {
  const a = prev.view;
  const b = m.view;
  if ((b.kings || []).length > (a.kings || []).length) return "fanfare";
  if ((b.tricks || []).length !== (a.tricks || []).length) return "trick";
  if (b.trick.cards.length > a.trick.cards.length) return "play";
  return null;
}

/** What a screen reader hears of a new state: each card played and who took the trick. */
export function said(prev, m, ctx) {
  const a = prev.view;
  const b = m.view;
  const closed = (b.tricks || []).length > (a.tricks || []).length;
  const cards = closed ? b.tricks[b.tricks.length - 1].cards : b.trick.cards;
  const shown = new Set(a.trick.cards.map(([, c]) => c));
  const out = cards.filter(([, c]) => !shown.has(c)).map(([s, c]) => (s === ctx.me
    ? t("You play {card}.", { card: cardName(c) }) : t("{name} plays {card}.", { name: ctx.name(s), card: cardName(c) })));
  if (closed) {
    const w = b.tricks[b.tricks.length - 1].winner;
    out.push(w === ctx.me ? t("You take the trick.") : t("{name} takes the trick.", { name: ctx.name(w) }));
  }
  return out;
}

export const motion = {
  before(board) {
    const hand = new Map([...board.querySelectorAll(".hand .card[data-card]")].map((e) => [e.dataset.card, rect(e)]));
    const trick = [...board.querySelectorAll(".trick .card[data-card]")].map((e) => ({ card: e.dataset.card, rect: rect(e), el: e }));
    const win = board.querySelector(".trick.done .card.winner");
    const winnerPos = win ? POS.find((p) => win.closest(`.trick-slot.${p}`)) : null;
    return { hand, trick, winnerPos };
  },
  after(board, before) {
    const shown = new Set(before.trick.map((c) => c.card));
    for (const e of board.querySelectorAll(".trick .card[data-card]")) {
      if (shown.has(e.dataset.card)) continue;
      const pos = POS.find((p) => e.closest(`.trick-slot.${p}`));
      glideIn(e, before.hand.get(e.dataset.card) || rect(board.querySelector(`.seat-box.${pos}`)));
    }
    const now = new Set([...board.querySelectorAll(".trick .card[data-card]")].map((e) => e.dataset.card));
    if (before.winnerPos && before.trick.length && before.trick.every((c) => !now.has(c.card))) {
      const to = rect(board.querySelector(`.seat-box.${before.winnerPos}`));
      before.trick.forEach((c, i) => ghost(c.el, c.rect, to, { delay: i * 25 }));
    }
  },
};

/** Every hand, open, beside a replay's board. */
export function openHands(v, names) {
  return (v.hands || []).map((hand, s) => h("div.replay-hand", { dataset: { seat: String(s) } },
    h("strong", {}, names[s]),
    h("div.hand", {}, hand.length ? sortHand(hand).map((c) => cardFace(c)) : h("span.muted", {}, t("empty")))));
}

/**
 * Where a replay's tricks and deals are (replay.js's buttons and keys): ``trick`` the versions
 * at which a trick is complete on the table, ``deal`` the versions at which a deal's contract
 * is still to choose (its cards just dealt).
 */
export function replayMarks(steps) {
  const trick = [];
  const deal = [];
  let plays = 0;
  for (const st of steps) {
    if (st.action.startsWith("choose ")) {
      deal.push(st.version - 1);
      plays = 0;
    } else if (st.action.startsWith("play ") && ++plays % 4 === 0) {
      trick.push(st.version);
    }
  }
  return { trick, deal };
}
