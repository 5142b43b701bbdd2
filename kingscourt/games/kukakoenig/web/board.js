// The Ku-Ka-König table: the rows behind their number cards, the secret pick with the
// "Ku – Ka – König!" count and the simultaneous reveal, collisions (the burnt card leaves the
// row), each player's collection sorted by type, and both scoring sheets.
//
// The card set (each card's label and the line of the scoring sheet it counts on, its colour
// here) and the lines of a scoring sheet are the game's own, as /api/games serves them.

import { fill, h } from "/web/js/dom.js";
import { resultBlock } from "/web/js/result.js";
import { kkkHint, kkkIcon } from "./icons.js";
import { list, t, tn } from "/web/js/i18n.js";
export { heard, motion, openHands, said } from "./table_hooks.js";

/** The board's style sheets, relative to this module (loaded before the board is drawn). */
export const styles = ["./board.css"];

/** The line the lobby and the new-table screen show about the game. */
export function blurb() {
  return t("2–4 players pick rows of cards at the same moment: Ku – Ka – König!");
}

const COUNT = ["Ku", "Ka", "König!"]; // the game's call, the same in every language
const COUNT_MS = 380;

// The card set in the card file's order (collections are sorted by it) and the sheet's lines.
function cardSet(info) {
  const byName = {};
  info.cards.forEach((c, i) => { byName[c.name] = { ...c, order: i }; });
  const lines = info.sheet.filter((l) => l.key !== "total");
  return { byName, lines, sheet: info.sheet };
}

function tile(deck, name, extra = "") {
  const c = deck.byName[name] || { label: name, sheet: "other", text: name };
  return h("span", { class: `kkk-card cat-${c.sheet} ${extra}`, dataset: { card: name, hint: kkkHint(c) }, title: c.text },
    kkkIcon(c.sheet), c.label); // card_faces.js: the kind's icon and scoring hint
}

export function mount(el, ctx) {
  const deck = cardSet(ctx.game);
  let msg = null;
  let shown = null; // the state on the board: while the count runs, the one before the reveal
  let logSeen = null;
  let reveal = null; // {picks, events} of the latest reveal
  let counting = null; // index into COUNT while the count runs
  let timers = [];

  const render = () => {
    if (!msg) return;
    // the picks, takes and results appear when the count ends ("König!"), not under it
    const at = counting !== null && shown ? shown : msg;
    const v = at.view;
    const me = at.seat;
    const legal = new Set(v.legal);
    const myTurn = !ctx.readOnly && me !== null && v.to_move.includes(me); // a replay never acts
    fill(el,
      h("div.topbar", {},
        h("div.deal", {}, [v.last_round ? t("Round {n} (last)", { n: v.round }) : t("Round {n}", { n: v.round }),
          t("half {n}", { n: v.half }), t("call {n}", { n: v.call })].join(" · ")),
        h("div", {}, t("Pile {pile} · box {seen} seen + {unseen} unseen", { pile: v.pile, seen: v.box.length, unseen: v.box_unseen })),
        h("div#pick-status", {}, ctx.refusal ? h("span.refusal#refusal", { role: "alert" }, ctx.refusal.text) : pickStatus(v, me, myTurn, ctx))),
      h("div.kkk-layout", {},
        h("div.kkk-rows", { id: "rows", role: "group", "aria-label": t("the rows") },
          v.rows.map((cards, i) => {
            const action = `row ${i + 1}`;
            const can = myTurn && legal.has(action) && counting === null;
            return h("button.kkk-row", {
              type: "button", disabled: !can, dataset: { row: i + 1, action },
              class: `${v.my_pick === i + 1 ? "my-pick" : ""} ${cards.length ? "" : "empty"}`,
              onClick: () => ctx.act(action),
            }, // named by its words, the tiles' texts hidden from readers (the name holds what is seen, WCAG 2.5.3)
            h("span.visually-hidden", {}, t("Row {n}: {cards}", { n: i + 1, cards: cards.length ? cards.map((c) => (deck.byName[c] || { label: c }).label).join(", ") : t("empty") })),
            h("span.row-number", { "aria-hidden": "true" }, String(i + 1)),
            cards.map((c) => { const e = tile(deck, c); e.setAttribute("aria-hidden", "true"); return e; }));
          })),
        h("div.kkk-side", {},
          v.over && counting === null ? result(v, ctx) : null,
          reveal && counting === null ? revealPanel(reveal, ctx, deck) : null,
          players(v, me, ctx, deck),
          v.scorings.length ? sheets(v, ctx, deck) : null)),
      counting !== null ? h("div.kkk-count", { id: "count", "aria-live": "assertive" }, COUNT.slice(0, counting + 1).join(" – ")) : null);
  };

  const startCount = () => {
    timers.forEach(clearTimeout);
    counting = 0;
    el.dataset.counts = String(Number(el.dataset.counts || 0) + 1); // reveals counted in so far
    timers = [1, 2, 3].map((step) => setTimeout(() => {
      counting = step < COUNT.length ? step : null;
      if (counting === null) shown = msg;
      render();
    }, step * COUNT_MS));
  };

  return {
    update(m) {
      if (counting === null) shown = msg; // the board as it was before this state
      msg = m;
      const log = m.view.log || [];
      if (logSeen !== null && log.length > logSeen) {
        const fresh = log.slice(logSeen);
        const at = fresh.map((e) => e.kind).lastIndexOf("reveal");
        if (at >= 0) {
          reveal = { picks: fresh[at].picks, events: fresh.slice(at + 1), round: fresh[at].round, call: fresh[at].call };
          if (!ctx.readOnly) startCount(); // a replay steps at its own pace
        }
      } else if (logSeen === null || log.length < logSeen) {
        // the first state, or a replay stepped back: the latest reveal of this state's log
        const at = log.map((e) => e.kind).lastIndexOf("reveal");
        reveal = at >= 0 ? { picks: log[at].picks, events: log.slice(at + 1), round: log[at].round, call: log[at].call } : null;
        if (log.length < (logSeen || 0)) { timers.forEach(clearTimeout); counting = null; }
      }
      logSeen = log.length;
      render();
    },
    key(e) {
      if (!msg || e.ctrlKey || e.metaKey || e.altKey) return;
      const n = Number(e.key);
      if (n >= 1 && n <= 9 && msg.view.legal.includes(`row ${n}`) && counting === null) {
        ctx.act(`row ${n}`);
        e.preventDefault();
      }
    },
    destroy() { timers.forEach(clearTimeout); },
  };
}

function pickStatus(v, me, myTurn, ctx) {
  if (v.over) return t("The game is over.");
  if (me !== null && v.my_pick) return t("Your secret pick: row {row}. Waiting for {who}…", { row: v.my_pick, who: waiting(v, ctx) });
  if (myTurn) return t("Pick a row in secret (click it or press its number).");
  if (me !== null && !v.choosers.includes(me)) return t("You sit out this call. Waiting for {who}…", { who: waiting(v, ctx) });
  return t("Waiting for {who}…", { who: waiting(v, ctx) });
}

function waiting(v, ctx) {
  const left = v.choosers.filter((s) => !v.picked.includes(s));
  return left.length ? left.map((s) => ctx.name(s)).join(", ") : t("the reveal");
}

function revealPanel(r, ctx, deck) {
  return h("section.side-panel#reveal", { dataset: { tab: "reveal", tabLabel: t("Reveal") } },
    h("h3", {}, t("Revealed — round {round}, call {call}", { round: r.round, call: r.call })),
    h("ul.picks", {}, r.picks.map((p) => h("li", {}, t("{name}: row {row}", { name: ctx.name(p.seat), row: p.row })))),
    h("ul.events", {}, r.events.map((e) => {
      if (e.kind === "collision") {
        return h("li.collision", {}, `${t("Collision on row {row}: {names}", { row: e.row, names: list(e.seats.map((s) => ctx.name(s))) })} — `,
          tile(deck, e.burnt, "burnt"), ` ${tn("burnt, {n} card left. They pick again.", "burnt, {n} cards left. They pick again.", e.left)}`);
      }
      if (e.kind === "take") {
        return h("li", {}, `${e.seat === ctx.me ? t("You take row {row}:", { row: e.row }) : t("{name} takes row {row}:", { name: ctx.name(e.seat), row: e.row })} `,
          e.cards.map((c) => tile(deck, c)));
      }
      if (e.kind === "scoring") return h("li", {}, e.name === "first" ? t("First scoring.") : t("Second scoring."));
      return null;
    })));
}

function sortedCollection(cards, deck) {
  const counts = new Map();
  const order = (c) => (deck.byName[c] ? deck.byName[c].order : Infinity);
  for (const c of cards.slice().sort((a, b) => order(a) - order(b))) counts.set(c, (counts.get(c) || 0) + 1);
  return deck.lines.map(({ key, label }) => {
    const items = [...counts.entries()].filter(([c]) => deck.byName[c] && deck.byName[c].sheet === key);
    if (!items.length) return null;
    return h("div.coll-group", {}, h("span.coll-label", {}, label),
      items.map(([c, n]) => h("span.coll-item", {}, tile(deck, c), n > 1 ? h("span.times", {}, `×${n}`) : null)));
  });
}

function players(v, me, ctx, deck) {
  return h("section.side-panel#collections", { dataset: { tab: "collections", tabLabel: t("Collections") } }, h("h3", {}, t("Collections")),
    v.collections.map((cards, s) => h("div.player", { class: s === me ? "mine" : "", dataset: { seat: s } },
      h("div.player-head", {}, h("strong.seat-who", { title: ctx.name(s) }, ctx.name(s)), ctx.guest?.(s),
        v.picked.includes(s) && !v.over ? h("span.badge", {}, t("picked")) : null,
        v.choosers.includes(s) && !v.picked.includes(s) && !v.over ? h("span.badge.wait", {}, t("choosing")) : null,
        v.received[s] ? h("span.badge", { title: t("the row taken this round") }, t("took row {row}", { row: v.received[s] })) : null,
        h("span.muted", {}, ` ${tn("{n} card", "{n} cards", cards.length)} · ${tn("{n} point", "{n} points", v.scores[s])}`)),
      cards.length ? sortedCollection(cards, deck) : h("span.muted", {}, t("nothing yet")))));
}

function sheets(v, ctx, deck) {
  const n = v.collections.length;
  return h("section.side-panel#sheets", { dataset: { tab: "sheets", tabLabel: t("Scores") } }, h("h3", {}, t("Scoring sheets")),
    v.scorings.map((sc) => h("table.grid", { dataset: { scoring: sc.name } },
      h("caption", {}, sc.name === "first" ? t("First scoring (round {n})", { n: sc.round }) : t("Second scoring (round {n})", { n: sc.round })),
      h("thead", {}, h("tr", {}, h("th", {}, ""), Array.from({ length: n }, (_, s) => h("th", {}, ctx.name(s))))),
      h("tbody", {}, deck.sheet.map(({ key, label }) => h("tr", { class: key === "total" ? "total" : "" },
        h("th", {}, label), sc.sheets.map((sheet) => h("td.num", {}, String(sheet[key])))))))));
}

function result(v, ctx) {
  return resultBlock(v, ctx, { score: (s) => tn("{n} point", "{n} points", v.scores[s]) });
}
