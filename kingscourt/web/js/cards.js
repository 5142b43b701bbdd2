// Playing cards: the SVG faces of card_faces.js as buttons (your hand) or images.

import { h } from "./dom.js";
import { SUIT_NAME } from "./names.js";
import { frenchFace } from "./card_faces.js";
import { lazy, t } from "./i18n.js";

// a card's name as a sentence says it: "Queen of Spades", in the player's language
const CARD_NAME = lazy(() => ({
  A: (suit) => t("Ace of {suit}", { suit }), K: (suit) => t("King of {suit}", { suit }),
  Q: (suit) => t("Queen of {suit}", { suit }), J: (suit) => t("Jack of {suit}", { suit }),
}));
export const RANKS = "AKQJT98765432";
export const SUITS = "SHDC";

export function rankText(card) {
  return card[0] === "T" ? "10" : card[0];
}

export function cardName(card) {
  const suit = SUIT_NAME[card[1]];
  const court = CARD_NAME[card[0]];
  return court ? court(suit) : t("{rank} of {suit}", { rank: rankText(card), suit });
}

/**
 * A card face; as a button when onClick is given, carrying ``action`` (the action's text)
 * as data-action when given (the shared code finds a card by the action it performs).
 */
export function cardFace(card, { onClick, legal, extra = "", action } = {}) {
  const suit = card[1];
  const red = suit === "H" || suit === "D";
  const cls = `card svg-face suit-${suit} ${red ? "red" : "black"} ${legal === true ? "legal" : legal === false ? "illegal" : ""} ${extra}`;
  const parts = [frenchFace(card)]; // card_faces.js: the SVG face
  if (onClick) {
    // named by its text, the card in the page's language (the face is hidden from readers:
    // an aria-label would not hold the face's visible index, WCAG 2.5.3)
    const name = legal === false ? t("{card} (not playable)", { card: cardName(card) }) : cardName(card);
    return h("button", {
      class: cls, type: "button", dataset: action ? { card, action } : { card },
      onClick: () => onClick(card),
    }, parts, h("span.visually-hidden", {}, name));
  }
  return h("span", { class: cls, dataset: { card }, title: cardName(card), role: "img", "aria-label": cardName(card) }, parts);
}

/** Sort a hand by suit (spades, hearts, clubs, diamonds: colours alternate) and rank. */
export function sortHand(cards) {
  const order = "SHCD";
  return cards.slice().sort((a, b) => order.indexOf(a[1]) - order.indexOf(b[1]) || RANKS.indexOf(a[0]) - RANKS.indexOf(b[0]));
}
