// The new-tournament screen #/new-tournament[/GAME]: the host picks the game, its table rules
// (the new-table screen's controls), the format (duplicate only where the game offers it,
// Swiss for every game), the entrants, rounds and seats, the start ("when full" or a time),
// the time per move, the bots' level for the empty seats and whether anyone in the lobby may
// enter; on success the tournament's page opens with its invitation (kept in localStorage
// too, so that the host's lobby offers "Enter").

import { api } from "./api.js";
import { fill, h, toast } from "./dom.js";
import { gameModules, loadGames, rulesInShort } from "./games.js";
import { levelName } from "./names.js";
import { t } from "./i18n.js";
import { range, ruleField } from "./setup.js";
import { rememberTournamentInvite } from "./store.js";

const MOST_ENTRANTS = 64;
const MOST_ROUNDS = 10;

export async function showTournamentSetup({ root }, game) {
  const panel = h("section.panel.setup.tournament-setup", {}, h("h1", {}, t("New tournament")), h("p.muted", {}, t("Loading…")));
  root.append(panel);
  let games;
  try { games = await loadGames(); } catch (e) { fill(panel, h("p.error", {}, e.message)); return; }
  const info = games.find((g) => g.name === game) || games[0];
  try { await gameModules(info); } catch (e) { fill(panel, h("p.error", {}, e.message)); return; }
  const formats = info.tournament_formats && info.tournament_formats.length ? info.tournament_formats : ["swiss"];
  const rules = {};
  for (const r of info.rules) rules[r.name] = r.default;
  const summary = h("p.setup-summary#tournament-summary", { "aria-live": "polite" });
  const state = { format: formats[0] };

  const pickGame = h("select#tournament-game", {
    onChange: (e) => { location.hash = `#/new-tournament/${encodeURIComponent(e.target.value)}`; },
  }, games.map((g) => h("option", { value: g.name, selected: g.name === info.name }, g.title)));
  const pickFormat = h("select#tournament-format", {
    onChange: (e) => { state.format = e.target.value; shape(); },
  }, formats.map((f) => h("option", { value: f, selected: f === state.format }, f === "duplicate" ? t("Duplicate") : t("Swiss"))));
  const formatHelp = h("p.help.muted#tournament-format-help");
  const players = h("input#tournament-players", { type: "number", min: 2, max: MOST_ENTRANTS, required: true, inputMode: "numeric" });
  const rounds = h("input#tournament-rounds", { type: "number", min: 1, max: MOST_ROUNDS, required: true, inputMode: "numeric" });
  const low = Math.max(2, info.min_players);
  const high = Math.min(6, info.max_players);
  const seatsPick = h("select#tournament-seats", { onChange: () => shape() },
    range(low, high).map((n) => h("option", { value: n, selected: n === info.default_players }, String(n))));
  const seatsField = h("label.field", {}, `${t("Seats at a table")} `, seatsPick);
  const whenFull = h("input#tournament-when-full", { type: "radio", name: "start", value: "when-full", checked: true,
    onChange: () => { at.disabled = true; } });
  const atTime = h("input#tournament-at-time", { type: "radio", name: "start", value: "time",
    onChange: () => { at.disabled = false; at.focus(); } });
  const at = h("input#tournament-start", { type: "datetime-local", disabled: true, "aria-label": t("Start time") });
  const turn = h("input#tournament-turn-seconds", { type: "number", min: 1, max: 3600, placeholder: t("none"), inputMode: "numeric" });
  const level = h("select#tournament-bot-level", {},
    info.levels.map((lv) => h("option", { value: lv, selected: lv === (info.levels.includes("basic") ? "basic" : info.levels[0]) }, levelName(lv))));
  const open = h("input#tournament-open", { type: "checkbox", checked: true });
  const create = h("button#tournament-create", { type: "submit" }, t("Create tournament"));

  // the fields the format decides: duplicate seats the game's own number at every table and
  // takes a multiple of it; Swiss chooses the seats and plays three rounds by default
  function shape() {
    const duplicate = state.format === "duplicate";
    const seats = duplicate ? info.default_players : Number(seatsPick.value);
    seatsField.hidden = duplicate;
    players.step = duplicate ? String(seats) : "1";
    players.min = String(duplicate ? seats : 2);
    const n = Number(players.value) || 0;
    if (!players.value || (duplicate && n % seats)) players.value = String(2 * seats);
    if (!rounds.dataset.touched) rounds.value = duplicate ? "1" : "3";
    formatHelp.textContent = duplicate
      ? t("Every table of a round plays the same deals; each player is scored against those who held the same cards at the other tables. Entrants: a multiple of {n}.", { n: seats })
      : t("Each round pairs players of like standing, never twice at one table where that can be helped; a short table is filled with bots.");
    summarize();
  }
  function summarize() {
    summary.textContent = t("Rules: {rules}", { rules: rulesInShort(info, rules) });
  }
  rounds.addEventListener("input", () => { rounds.dataset.touched = "1"; });

  const form = h("form#tournament-form", {
    onSubmit: async (e) => {
      e.preventDefault();
      const spec = {
        game: info.name,
        rules,
        format: state.format,
        players: Number(players.value),
        rounds: Number(rounds.value),
        bot_level: level.value,
        open: open.checked,
      };
      if (state.format === "swiss") spec.seats = Number(seatsPick.value);
      if (atTime.checked) {
        const when = new Date(at.value);
        if (!at.value || Number.isNaN(when.getTime())) { toast(t("Give the start time, or choose “when full”.")); at.focus(); return; }
        spec.start = when.toISOString();
      }
      if (turn.value !== "") spec.turn_seconds = Number(turn.value);
      create.disabled = true;
      try {
        const made = await api.createTournament(spec);
        rememberTournamentInvite(made.id, made.invite);
        location.hash = `#/tournament/${encodeURIComponent(made.id)}/${encodeURIComponent(made.invite)}`;
      } catch (err) {
        toast(err.message);
        create.disabled = false;
      }
    },
  },
  h("div.tournament-fields", {},
    h("label.field", {}, `${t("Game")} `, pickGame),
    h("label.field", {}, `${t("Format")} `, pickFormat)),
  formatHelp,
  h("div.tournament-fields", {},
    h("label.field", {}, `${t("Players")} `, players),
    h("label.field", {}, `${t("Rounds")} `, rounds),
    seatsField),
  h("fieldset.tournament-start", {},
    h("legend", {}, t("Start")),
    h("label.field", {}, whenFull, ` ${t("when full")}`),
    h("label.field", {}, atTime, ` ${t("at a time:")} `, at)),
  h("div.tournament-fields", {},
    h("label.field", {}, `${t("Time per move in seconds (when it runs out, a bot plays that turn)")} `, turn),
    h("label.field", {}, `${t("Bots in the empty seats")} `, level)),
  h("label.field.tournament-open", {}, open, ` ${t("Anyone in the lobby may enter (else only those with its link)")}`),
  h("h2", {}, t("Table rules")),
  info.rules.length
    ? h("div.rules", {}, info.rules.map((r) => ruleField(r, rules, summarize)))
    : h("p.muted", {}, t("{game} has no table rules to choose: the rulebook's game is played.", { game: info.title })),
  summary,
  h("div.actions", {}, h("a.button.secondary", { href: "#/" }, t("Back")), create));

  fill(panel,
    h("h1", {}, t("New tournament")),
    h("p.muted", {}, t("You set it up and share its link; you enter it yourself on its page, like everyone else.")),
    form);
  shape();
}
