// The games' own data as /api/games serves it (table rules with the label of each value,
// King's contracts, the card sets, Ku-Ka-König's scoring sheet), loaded once: the browser
// keeps no copy of its own.

import { api } from "./api.js";
import { h } from "./dom.js";
import { onLanguage, t, tn } from "./i18n.js";

let loading = null;
// the labels, help and card texts come in the player's language: loaded again after a switch
onLanguage(() => { loading = null; });

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
  if (!info) show(h("p.error", {}, t("This server does not run {game}.", { game: name })));
  return info;
}

/** A table rule's value as players read it: the label the rule gives that choice. */
export function valueLabel(rule, value) {
  const i = rule.choices.findIndex((c) => c === value);
  return i >= 0 ? rule.choice_labels[i] : String(value);
}

/** A rule's name as a summary shows it: the words in its label's brackets ("must beat"). */
export function ruleShort(rule) {
  const m = rule.label.match(/\(([^()]*)\)\s*$/);
  return m ? m[1] : rule.label;
}

/**
 * A table's rules in short and in words, as the rules screen names them: King's number of
 * deals, then every rule that differs from the rulebook ("12 deals · must beat: in trump
 * deals"); "rulebook rules" when none does.
 */
export function rulesInShort(info, rules) {
  const parts = [];
  if (info.name === "king") parts.push(tn("{n} deal", "{n} deals", rules && rules.short_game ? 12 : 20));
  let changed = 0;
  for (const r of info.rules) {
    const value = rules && r.name in rules ? rules[r.name] : r.default;
    if (value === r.default) continue;
    changed += 1;
    if (info.name === "king" && r.name === "short_game") continue; // said as the deals
    parts.push(value === true ? ruleShort(r) : t("{rule}: {value}", { rule: ruleShort(r), value: valueLabel(r, value) }));
  }
  if (!changed) parts.push(t("rulebook rules"));
  return parts.join(" · ");
}

/** Every rule of a table, in words, one per line (a tooltip for the short form). */
export function rulesInFull(info, rules) {
  return info.rules.map((r) => t("{rule}: {value}", { rule: r.label, value: valueLabel(r, rules && r.name in rules ? rules[r.name] : r.default) })).join("\n");
}
