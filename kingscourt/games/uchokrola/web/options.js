// Ucho Króla's legal actions in words, from their parts (the view's ``options``, which the
// server parses with the game's notation: games/uchokrola/options.py): the button of each
// action and the lines that group the actions aimed at different seats. No DOM; the board
// (board.js) draws the buttons. Tested in Node (tests/js/uchokrola_options.test.mjs).

import { lazy, t } from "/web/js/i18n.js";

// the verbs of the game's actions (the notation's words, as the options name them) as the
// buttons say them; the card names after them are the cards' own (Polish, as printed)
const VERBS = lazy(() => ({
  draw: t("Draw"), play: t("Play"), pay: t("Pay"), riposte: t("Riposte!"), pass: t("Pass"), display: t("Display"),
  use: t("Use"), "end turn": t("End turn"), perform: t("Perform"), discard: t("Discard"), take: t("Take"),
  choose: t("Choose"), keep: t("Keep"), done: t("Done"), skip: t("Skip"), look: t("Look"), swap: t("Swap"), with: t("With"),
}));

/** Where a displayed card lies: " from beside Ada (card 1)" (taking it) or " beside Ada (card 1)". */
function place(o, who) {
  if (o.seat === null || o.slot === null) return "";
  const where = { who: who(o.seat), n: o.slot };
  return ` ${o.verb === "take" || o.verb === "discard" ? t("from beside {who} (card {n})", where) : t("beside {who} (card {n})", where)}`;
}

/** The words of one option (its target left out: groupOptions puts the targets on buttons); who(seat) names a seat. */
export function optionLabel(o, who) {
  if (o.verb === "look") {
    return o.pile ? t("Look at the prestige pile of {who}", { who: who(o.seat) }) : t("Look at {who}", { who: who(o.seat) });
  }
  if (o.verb === "take" && o.card === null && o.seat !== null) return t("Take from {who}", { who: who(o.seat) });
  const verb = VERBS[o.verb] || o.verb;
  if (o.verb === "use") return `${verb} ${o.character}${o.detail ? `: ${o.detail === "card" ? o.card : o.detail}` : ""}`;
  const what = o.card !== null ? o.card : o.character;
  return `${what !== null ? `${verb} ${what}` : verb}${place(o, who)}`;
}

/**
 * The options in lines, in their order: an option without a target alone ({single}); the
 * options that differ only in their target together ({targets}: "Play Faux pas →" and a
 * button per seat).
 */
export function groupOptions(options) {
  const groups = new Map();
  for (const o of options || []) {
    const key = o.target === null ? `action:${o.action}` : JSON.stringify({ ...o, action: null, target: null });
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(o);
  }
  return [...groups.values()].map((opts) => (opts.length === 1 && opts[0].target === null
    ? { single: opts[0] } : { targets: opts }));
}
