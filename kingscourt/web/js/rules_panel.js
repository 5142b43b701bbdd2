// The table rules in force at a table, with the explanation of each (from /api/games).

import { api } from "./api.js";
import { fill, h } from "./dom.js";

let games = null; // the answer of /api/games, once loaded
let loading = null;

function label(value) {
  return value === true ? "on" : value === false ? "off" : String(value);
}

function draw(box, game, rules) {
  const info = games.find((g) => g.name === game);
  const described = info ? info.rules : [];
  fill(box, h("h3", {}, "Table rules"),
    described.length ? h("dl.rules-list", {}, described.map((r) => [
      h("dt", {}, `${r.label}: `, h("strong", {}, label(rules ? rules[r.name] : r.default))),
      h("dd", {}, r.help)])) : h("p.muted", {}, "This game has no table rules to choose."));
}

export function showRulesPanel(game, rules) {
  const box = h("section.side-panel#rules-panel", {}, h("h3", {}, "Table rules"));
  if (games) {
    draw(box, game, rules);
  } else {
    box.append(h("p.muted", {}, "Loading…"));
    (loading || (loading = api.games())).then((g) => { games = g; draw(box, game, rules); })
      .catch(() => { loading = null; });
  }
  return box;
}
