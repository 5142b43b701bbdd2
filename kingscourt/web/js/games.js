// The games' own data as /api/games serves it (table rules with the label of each value,
// King's contracts, the card sets, Ku-Ka-König's scoring sheet), loaded once: the browser
// keeps no copy of its own.

import { api } from "./api.js";
import { h } from "./dom.js";

let loading = null;

/** Every game the server runs, as /api/games lists them (a failed load is tried again). */
export function loadGames() {
  loading = loading || api.games().catch((e) => { loading = null; throw e; });
  return loading;
}

/** One game's data, or null when the server does not run it. */
export async function gameInfo(name) {
  return (await loadGames()).find((g) => g.name === name) || null;
}

/** One game's data; null, with the reason shown in box, when it cannot be had. */
export async function gameInfoInto(box, name, show = (el) => box.append(el)) {
  let info = null;
  try {
    info = await gameInfo(name);
  } catch (e) {
    show(h("p.error", {}, e.message));
    return null;
  }
  if (!info) show(h("p.error", {}, `This server does not run ${name}.`));
  return info;
}

/** A table rule's value as players read it: the label the rule gives that choice. */
export function valueLabel(rule, value) {
  const i = rule.choices.findIndex((c) => c === value);
  return i >= 0 ? rule.choice_labels[i] : String(value);
}
