// The table rules in force at a table, each value by its label, with the explanation of each
// (the game's data from /api/games).

import { h } from "./dom.js";
import { valueLabel } from "./games.js";
import { t } from "./i18n.js";

export function rulesPanel(info, rules) {
  const described = info ? info.rules : [];
  return h("section.side-panel#rules-panel", {}, h("h3", {}, t("Table rules")),
    described.length ? h("dl.rules-list", {}, described.map((r) => [
      h("dt", {}, `${r.label}: `, h("strong", { dataset: { rule: r.name } }, valueLabel(r, rules ? rules[r.name] : r.default))),
      h("dd", {}, r.help)])) : h("p.muted", {}, t("This game has no table rules to choose.")));
}
