// The new-table screen: the table rules (each explained), the seats, then create.

import { api } from "./api.js";
import { fill, h, toast } from "./dom.js";
import { gameInfoInto, gameModules, loadGames, rulesInShort, valueLabel } from "./games.js";
import { levelName } from "./names.js";
import { t } from "./i18n.js";
import { nameField } from "./lobby.js";
import { playerName, rememberSeat } from "./store.js";

const KIND_HINT = () => t("Friend: a free seat with an invitation link to send. Open: a free seat anyone in the lobby may take. Bot: a computer player that never sees hidden cards.");

export async function showSetup({ root }, game) {
  const panel = h("section.panel.setup", {}, h("h1", {}, t("New table")), h("p.muted", {}, t("Loading…")));
  root.append(panel);
  if (!game) { // #/new: the first game the server runs
    try { game = (await loadGames())[0].name; } catch (e) { fill(panel, h("p.error", {}, e.message)); return; }
  }
  const info = await gameInfoInto(panel, game, (el) => fill(panel, el));
  if (!info) return;
  let board;
  try { ({ board } = await gameModules(info)); } catch (e) { fill(panel, h("p.error", {}, e.message)); return; }
  const rules = {};
  for (const r of info.rules) rules[r.name] = r.default;
  const summary = h("p.setup-summary#setup-summary", { "aria-live": "polite" });
  const summarize = () => { summary.textContent = t("Rules: {rules}", { rules: rulesInShort(info, rules) }); };
  summarize();
  const players = { n: Math.min(Math.max(info.default_players ?? info.min_players, info.min_players), info.max_players) };
  const seatsBox = h("div.seats");
  const seatSpecs = [];
  const renderSeats = () => {
    while (seatSpecs.length < players.n) seatSpecs.push({ kind: "bot", level: info.levels.includes("basic") ? "basic" : info.levels[0] });
    fill(seatsBox, ...Array.from({ length: players.n }, (_, i) => seatRow(i, seatSpecs, info.levels)));
  };
  const count = info.min_players === info.max_players ? null : h("label.field", {}, `${t("Players")} `,
    h("select#players", {
      onChange: (e) => { players.n = Number(e.target.value); renderSeats(); },
    }, range(info.min_players, info.max_players).map((n) =>
      h("option", { value: n, selected: n === players.n }, String(n)))));
  const seed = h("input#seed", { type: "number", min: 0, placeholder: t("random"), inputMode: "numeric" });
  const timer = h("input#turn-seconds", { type: "number", min: 1, max: 3600, placeholder: t("none"), inputMode: "numeric" });
  fill(panel,
    h("h1", {}, t("New {game} table", { game: info.title })),
    h("p.muted", {}, board.blurb ? board.blurb() : ""),
    nameField(),
    h("h2", {}, t("Table rules")),
    info.rules.length
      ? h("div.rules", {}, info.rules.map((r) => ruleField(r, rules, summarize)))
      : h("p.muted", {}, t("{game} has no table rules to choose: the rulebook's game is played.", { game: info.title })),
    h("h2", {}, t("Seats")),
    count,
    h("p.muted", {}, KIND_HINT()),
    seatsBox,
    h("details.advanced", {}, h("summary", {}, t("More")),
      h("div", {}, h("label.field", {}, `${t("Turn timer in seconds (when it runs out, a basic bot plays that turn)")} `, timer)),
      h("div", {}, h("label.field", {}, `${t("Seed (the same seed deals the same cards)")} `, seed))),
    summary,
    h("div.actions", {},
      h("a.button.secondary", { href: "#/" }, t("Back")),
      h("button#create", {
        onClick: async (e) => {
          const name = (document.getElementById("player-name").value || "").trim() || playerName();
          if (!name) { toast(t("Enter your name first.")); document.getElementById("player-name").focus(); return; }
          const spec = {
            game,
            rules,
            seats: [{ kind: "human", name }, ...seatSpecs.slice(1, players.n).map((s) =>
              s.kind === "bot" ? { kind: "bot", level: s.level } : { kind: "human", open: Boolean(s.open) })],
          };
          if (seed.value !== "") spec.seed = Number(seed.value);
          if (timer.value !== "") spec.turn_seconds = Number(timer.value);
          e.target.disabled = true;
          try {
            const created = await api.create(spec);
            const mine = created.seats[0];
            const invites = created.seats.filter((s) => s.kind === "human" && s.seat !== 0)
              .filter((s) => s.invite).map((s) => ({ seat: s.seat, invite: s.invite }));
            rememberSeat(created.id, { token: mine.token, seat: 0, game, invites });
            location.hash = `#/table/${created.id}`;
          } catch (err) {
            toast(err.message);
            e.target.disabled = false;
          }
        },
      }, t("Create table"))));
  renderSeats();
}

export function range(a, b) {
  return Array.from({ length: b - a + 1 }, (_, i) => a + i);
}

export function ruleField(rule, rules, changed) {
  const id = `rule-${rule.name}`;
  const select = h(`select#${id}`, {
    dataset: { rule: rule.name },
    onChange: (e) => { rules[rule.name] = rule.choices[Number(e.target.value)]; changed(); },
  }, rule.choices.map((c, i) => h("option", { value: i, selected: c === rule.default },
    c === rule.default ? t("{value} (default)", { value: valueLabel(rule, c) }) : valueLabel(rule, c))));
  return h("div.rule", {},
    h("label", { for: id }, rule.label),
    select,
    h("p.help", {}, rule.help));
}

function seatRow(i, specs, levels) {
  if (i === 0) {
    return h("div.seat-row", {}, h("span.seat-no", {}, t("Seat {n}", { n: 1 })), h("span", {}, t("You")));
  }
  const spec = specs[i];
  const options = [h("option", { value: "human", selected: spec.kind === "human" && !spec.open }, t("Friend (invitation link)")),
    h("option", { value: "open", selected: spec.kind === "human" && Boolean(spec.open) }, t("Open seat (anyone in the lobby)")),
    ...levels.map((lv) => h("option", { value: `bot:${lv}`, selected: spec.kind === "bot" && spec.level === lv }, t("Bot — {level}", { level: levelName(lv) })))];
  return h("div.seat-row", {},
    h("label.seat-no", { for: `seat-${i}` }, t("Seat {n}", { n: i + 1 })),
    h(`select#seat-${i}`, {
      onChange: (e) => {
        const v = e.target.value;
        specs[i] = v === "human" ? { kind: "human" }
          : v === "open" ? { kind: "human", open: true } : { kind: "bot", level: v.slice(4) };
      },
    }, options));
}
