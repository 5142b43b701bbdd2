// Ucho Króla's options in words (games/uchokrola/web/options.js), from the parts the server
// sends (games/uchokrola/options.py): each verb's button, places and targets, the grouping.
import assert from "node:assert/strict";
import { register } from "node:module";
import { test } from "node:test";

register("./hooks.mjs", import.meta.url);
const { groupOptions, optionLabel } = await import("/games/uchokrola/options.js");

const NAMES = ["Ada", "Bea", "Cem"];
const who = (s) => NAMES[s];
const option = (parts) => ({ card: null, character: null, detail: null, seat: null, slot: null, target: null, pile: false, ...parts });

test("each kind of action in words, no notation left in them", () => {
  const cases = [
    [option({ action: "draw", verb: "draw" }), "Draw"],
    [option({ action: "end turn", verb: "end turn" }), "End turn"],
    [option({ action: "choose Hrabia de Guiche", verb: "choose", character: "Hrabia de Guiche" }), "Choose Hrabia de Guiche"],
    [option({ action: "play Fraszka", verb: "play", card: "Fraszka" }), "Play Fraszka"],
    [option({ action: "look at 1", verb: "look", seat: 1 }), "Look at Bea"],
    [option({ action: "look at prestige 2", verb: "look", seat: 2, pile: true }), "Look at the prestige pile of Cem"],
    [option({ action: "take from 2", verb: "take", seat: 2 }), "Take from Cem"],
    [option({ action: "take Faux pas from 2:1", verb: "take", card: "Faux pas", seat: 2, slot: 1 }), "Take Faux pas from beside Cem (card 1)"],
    [option({ action: "swap Faux pas at 1:2", verb: "swap", card: "Faux pas", seat: 1, slot: 2 }), "Swap Faux pas beside Bea (card 2)"],
    [option({ action: "use Hrabina de Vardes: draw", verb: "use", character: "Hrabina de Vardes", detail: "draw" }), "Use Hrabina de Vardes: draw"],
    [option({ action: "use Markiz de Callières: Fraszka", verb: "use", character: "Markiz de Callières", detail: "card", card: "Fraszka" }), "Use Markiz de Callières: Fraszka"],
    [option({ action: "use Biskup Vannes", verb: "use", character: "Biskup Vannes" }), "Use Biskup Vannes"],
  ];
  for (const [o, words] of cases) {
    assert.equal(optionLabel(o, who), words, o.action);
    assert.doesNotMatch(optionLabel(o, who), /->|\d:\d/);
  }
});

test("the actions aimed at different seats share a line, a button per target", () => {
  const opts = [
    option({ action: "draw", verb: "draw" }),
    option({ action: "play Faux pas -> 1", verb: "play", card: "Faux pas", target: 1 }),
    option({ action: "play Faux pas -> 2", verb: "play", card: "Faux pas", target: 2 }),
    option({ action: "play Knucie -> 2", verb: "play", card: "Knucie", target: 2 }),
    option({ action: "use Hrabina de Vardes: bury -> 0", verb: "use", character: "Hrabina de Vardes", detail: "bury", target: 0 }),
  ];
  const lines = groupOptions(opts);
  assert.equal(lines.length, 4);
  assert.equal(lines[0].single.action, "draw");
  assert.deepEqual(lines[1].targets.map((o) => o.target), [1, 2]);
  assert.equal(optionLabel(lines[1].targets[0], who), "Play Faux pas");
  assert.deepEqual(lines[2].targets.map((o) => o.action), ["play Knucie -> 2"]);
  assert.equal(optionLabel(lines[3].targets[0], who), "Use Hrabina de Vardes: bury");
  assert.deepEqual(groupOptions(undefined), []);
});
