// What Ucho Króla adds to the shared table and replay pages: the sound of a new narrated
// line, what a screen reader hears of it, the motion of a displayed card from the hand to its
// courtier (and of the discard), and a replay's open hands, character offers and deck.

import { h } from "/web/js/dom.js";
import { glideIn, rect } from "/web/js/motion.js";
import { t } from "/web/js/i18n.js";

/** A card played or displayed: the narration grew. */
export function heard(prev, m) {
  return (m.view.log || []).length > (prev.view.log || []).length ? "play" : null;
}

const asked = (m) => Boolean(m && m.seat !== null && m.seat !== undefined && !m.view.over && m.view.to_move.includes(m.seat));

/**
 * What a screen reader hears of a new state (table_look.js says it in the page's live
 * region): the narration's new lines, as the seat's view tells them (in the page's language,
 * with only what this seat may know: its own draws, what it was shown), then the question
 * put to this seat when one comes to it.
 */
export function said(prev, m) {
  const before = (prev.view.log || []).length;
  const log = m.view.log || [];
  const out = log.length > before ? log.slice(before) : [];
  const v = m.view;
  if (asked(m) && v.question && (!asked(prev) || prev.view.question !== v.question || prev.view.phase !== v.phase)) {
    const q = /[.?!…:]$/.test(v.question) ? v.question : `${v.question}.`; // a sentence, said apart from the next
    out.push(v.phase === "riposte" ? `${t("Riposte?")} ${q}` : q);
  }
  return out;
}

export const motion = {
  before(board) {
    const hand = new Map([...board.querySelectorAll("#uk-hand .uk-card[data-name]")].map((e) => [e.dataset.name, rect(e)]));
    const court = new Map([...board.querySelectorAll(".courtier[data-seat]")].map((c) => [c.dataset.seat, c.querySelectorAll(".court-row .uk-card").length]));
    const top = board.querySelector(".discard .uk-card");
    const piles = new Map([...board.querySelectorAll(".courtier[data-seat]")].map((c) => {
      const pile = c.querySelector(".uk-stack.pile");
      return [c.dataset.seat, pile ? Number(pile.dataset.count) : null];
    }));
    return { hand, court, piles, discard: top ? top.dataset.name || top.textContent : null };
  },
  after(board, before) {
    for (const c of board.querySelectorAll(".courtier[data-seat]")) {
      const cards = [...c.querySelectorAll(".court-row .uk-card")];
      const had = before.court.get(c.dataset.seat);
      if (had === undefined || cards.length <= had) continue;
      for (const e of cards.slice(had)) glideIn(e, before.hand.get(e.dataset.name) || rect(c.querySelector(".courtier-head")));
    }
    const top = board.querySelector(".discard .uk-card");
    const name = top ? top.dataset.name || top.textContent : null;
    if (top && name !== before.discard) glideIn(top, before.hand.get(name) || null);
    // a prestige pile paid into (it grows) or taken from (it shrinks)
    for (const c of board.querySelectorAll(".courtier[data-seat]")) {
      const pile = c.querySelector(".uk-stack.pile");
      const had = before.piles.get(c.dataset.seat);
      if (!pile || had === null || had === undefined) continue;
      const now = Number(pile.dataset.count);
      if (now !== had) pile.classList.add(now > had ? "gain" : "lose");
    }
  },
};

/** A replay with every hand open: each hand, the characters offered and chosen, the deck. */
export function openHands(v, names, data) {
  const label = {};
  for (const c of data.cards || []) label[c.name] = c.label;
  const named = (cards) => (cards && cards.length ? cards.map((c) => label[c] || c).join(", ") : t("empty"));
  return [
    (v.hands || []).map((hand, s) => h("div.replay-hand", { dataset: { seat: String(s) } },
      h("strong", {}, names[s]), `: ${named(hand)}`,
      v.choosing && v.character_choices && v.character_choices[s].length
        ? h("span.muted", {}, ` · ${t("offered {cards}", { cards: named(v.character_choices[s]) })}`) : null,
      v.chosen_characters && v.chosen_characters[s] && v.choosing
        ? h("span.muted", {}, ` · ${t("chose {card}", { card: label[v.chosen_characters[s]] || v.chosen_characters[s] })}`) : null)),
    h("p", {}, `${t("The deck, top first")}: `, named((v.deck || []).slice(0, 8)), v.deck && v.deck.length > 8 ? " …" : ""),
  ];
}
