// The games' own data as /api/games serves it (table rules with the label of each value,
// contracts, card sets, scoring sheets, the addresses of each game's own modules), loaded
// once: the browser keeps no copy of its own and names no game. A game's board and summary
// are its own ES modules (kingscourt/games/<game>/web/, served under /games/<game>/), loaded
// with import() from the addresses its entry gives (kingscourt/games/README-web.md).

import { api } from "./api.js";
import { h } from "./dom.js";
import { onLanguage, t } from "./i18n.js";

let loading = null;
// the labels, help and card texts come in the player's language: loaded again after a switch
onLanguage(() => { loading = null; });

/** Every game the server runs, as /api/games lists them (a failed load is tried again). */
export function loadGames() {
  loading = loading || api.games().catch((e) => { loading = null; throw e; });
  return loading;
}

const modules = new Map(); // name -> Promise of {board, summary}
const sheets = new Map(); // address -> Promise, once loaded

/**
 * A game's style sheet (its board module's ``styles``, relative to the module), linked once
 * right after the shared table sheet, so that the sheets after it (the dark theme) still
 * win; resolved when it is loaded (or failed: the board is drawn unstyled rather than never).
 */
function styleSheet(href) {
  if (!sheets.has(href)) {
    sheets.set(href, new Promise((resolve) => {
      const link = document.createElement("link");
      link.rel = "stylesheet";
      link.href = href;
      link.dataset.game = "";
      link.addEventListener("load", resolve);
      link.addEventListener("error", resolve);
      const after = [...document.querySelectorAll('link[rel="stylesheet"][data-game]')].pop()
        || document.querySelector('link[rel="stylesheet"][href$="/tables.css"]');
      if (after) after.after(link);
      else document.head.append(link);
    }));
  }
  return sheets.get(href);
}
const ready = new Map(); // name -> the board module, once loaded (for the synchronous helpers)

/**
 * A game's own modules, from the addresses its /api/games entry gives: ``board`` (the board
 * module: mount, and the optional hooks README-web.md lists) and ``summary`` (the function
 * that draws the end-of-game summary, or null), with the board's style sheets loaded.
 * Loaded once (a failed load is tried again).
 */
export function gameModules(info) {
  if (!modules.has(info.name)) {
    modules.set(info.name, Promise.all([import(info.board), info.summary ? import(info.summary) : null])
      .then(async ([board, summary]) => {
        const base = new URL(info.board, location.href);
        await Promise.all((board.styles || []).map((s) => styleSheet(new URL(s, base).href)));
        ready.set(info.name, board);
        return { board, summary: summary ? summary.summary : null };
      })
      .catch((e) => { modules.delete(info.name); throw e; }));
  }
  return modules.get(info.name);
}

/** Every game with its modules: [{info, board, summary}], in the server's order. */
export async function loadGamesWithModules() {
  const games = await loadGames();
  return Promise.all(games.map(async (info) => ({ info, ...(await gameModules(info)) })));
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
 * A table's rules in short and in words, as the rules screen names them: what the game's
 * board module says first (its ``rulesLead``: King's number of deals), then every rule that
 * differs from the rulebook ("12 deals · must beat: in trump deals"); "rulebook rules" when
 * none does. The board module must have been loaded (gameModules) for its lead to show.
 */
export function rulesInShort(info, rules) {
  const board = ready.get(info.name) || {};
  const parts = board.rulesLead ? [...board.rulesLead(rules || {})] : [];
  const said = new Set(board.rulesSaid || []);
  let changed = 0;
  for (const r of info.rules) {
    const value = rules && r.name in rules ? rules[r.name] : r.default;
    if (value === r.default) continue;
    changed += 1;
    if (said.has(r.name)) continue; // said in the lead
    parts.push(value === true ? ruleShort(r) : t("{rule}: {value}", { rule: ruleShort(r), value: valueLabel(r, value) }));
  }
  if (!changed) parts.push(t("rulebook rules"));
  return parts.join(" · ");
}

/** Every rule of a table, in words, one per line (a tooltip for the short form). */
export function rulesInFull(info, rules) {
  return info.rules.map((r) => t("{rule}: {value}", { rule: r.label, value: valueLabel(r, rules && r.name in rules ? rules[r.name] : r.default) })).join("\n");
}
