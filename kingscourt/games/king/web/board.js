// The King table, as the rulebook's screen promises: the top bar with the deal's contract and
// the penalty contracts still open, the four seats, the trick, your hand with the legal cards
// highlighted, the chooser's dialog, the choice and score tables, the last trick, the card
// counter, the table rules, a celebration when someone makes King, and the result.

import { fill, h, signed } from "/web/js/dom.js";
import { cardFace, RANKS, rankText, sortHand, SUITS } from "/web/js/cards.js";
import { SUIT_NAME, SUIT_SYMBOL } from "/web/js/names.js";
import { fan } from "/web/js/card_faces.js";
import { placeOfSeat, seatAtPlace } from "/web/js/layout.js";
import { resultBlock } from "/web/js/result.js";
import { rulesPanel } from "/web/js/rules_panel.js";
import { CELEBRATION_MS, kingCelebration } from "./celebration.js";
import { lazy, t, tn } from "/web/js/i18n.js";
import { isPhone } from "/web/js/drawers.js";
export { heard, motion, openHands, replayMarks, rulesLead, rulesSaid, said } from "./table_hooks.js";
export { leaderboard, profileSection, statColumns } from "./statistics.js";

/** The board's style sheets, relative to this module (loaded before the board is drawn). */
export const styles = ["./board.css"];

/** The line the lobby and the new-table screen show about the game. */
export function blurb() {
  return t("Turkish trick-taking for four: 20 deals, six penalty contracts and trump deals.");
}

const POSITIONS = ["bottom", "right", "top", "left"]; // play runs counter-clockwise

// what each contract counts, one of it (the server names the unit in English; a unit it sends
// in the player's language already is shown as it comes)
const UNIT = lazy(() => ({
  trick: t("trick"), heart: t("heart"), "king or jack": t("king or jack"), queen: t("queen"),
  "king of hearts": t("King of Hearts"), "one of the last two tricks": t("one of the last two tricks"),
}));

// The seven contracts as /api/games serves them: name, the rulebook's line, points per unit.
function contractBook(info) {
  const byId = {};
  for (const c of info.contracts) {
    const about = t("{description} ({points} per {unit})", { description: c.description, points: signed(c.per_unit), unit: UNIT[c.unit] || c.unit });
    byId[c.id] = { ...c, about, short: c.name.split(" ")[0] };
  }
  const book = {
    byId,
    penalties: info.contracts.filter((c) => c.penalty).map((c) => c.id),
    trump: info.contracts.find((c) => !c.penalty).id,
    of: (id) => byId[id] || { id, name: id, about: "", short: id },
    label: (id, trump) => {
      if (!id) return "—";
      const base = book.of(id).name;
      return trump ? `${base} ${SUIT_SYMBOL[trump]}` : base;
    },
  };
  return book;
}

// a wide screen (1920×1080) has room beside the felt: the score sheet and the choice table
// stand in a wider side column from the start (the toolbar still closes them)
const wide = () => window.matchMedia("(min-width: 1600px) and (min-height: 900px)").matches;

export function mount(el, ctx) {
  const roomy = wide();
  const open = { last: false, tables: roomy, counter: false, rules: false };
  let msg = null;
  let kingsSeen = null;
  let celebration = null;
  const book = contractBook(ctx.game);

  const render = () => {
    if (!msg) return;
    const v = msg.view;
    const me = msg.seat;
    const focusIndex = focusedCardIndex(el);
    const legalCards = new Set(v.legal.filter((a) => a.startsWith("play ")).map((a) => a.slice(5)));
    const myTurn = !ctx.readOnly && v.to_move.includes(me); // a replay shows, never acts
    // a phone's table while playing: every panel drawn, each a drawer behind the table's tab
    // bar (drawers.js) instead of the toolbar; a replay or a wide screen: the toolbar's column
    const tabbed = Boolean(ctx.tabs) && !v.over && isPhone();
    const shown = tabbed ? { last: true, tables: true, counter: true, rules: true } : open;
    const side = roomy && !tabbed; // the score sheet in the side column
    fill(el,
      topBar(v, ctx, book),
      h("div.king-layout", { class: side && shown.tables ? "roomy" : "" },
        h("div.king-main", {},
          felt(v, me, ctx),
          v.phase === "choose" && myTurn ? chooserDialog(v, ctx, book) : null,
          me !== null && v.hand && !v.over ? hand(v, legalCards, myTurn, ctx) : null,
          v.over ? result(v, ctx) : null,
          tabbed ? null : toolbar(open, render),
          shown.tables && !tabbed && !side ? scoreTable(v, ctx, book) : null),
        h("aside.king-side", side ? { class: "roomy", tabindex: "0", "aria-label": t("Tables") } : {},
          tabbed ? tab(scoreTable(v, ctx, book), "scores", t("Scores")) : null,
          shown.tables && side ? scoreTable(v, ctx, book) : null,
          shown.tables ? tab(choiceTable(v, ctx, book), "choices", t("Choices")) : null,
          shown.last ? tab(lastTrick(v, ctx), "last", t("Last trick")) : null,
          shown.counter ? tab(counter(v), "counter", t("Counter")) : null,
          shown.rules ? tab(rulesPanel(ctx.game, v.rules), "rules", t("Rules")) : null)));
    if (focusIndex !== null) {
      const cards = el.querySelectorAll(".hand .card");
      if (cards.length) cards[Math.min(focusIndex, cards.length - 1)].focus();
    }
  };

  const celebrate = (kings) => {
    const k = kings[kings.length - 1];
    if (celebration) celebration.remove();
    const close = () => { shown.remove(); if (celebration === shown) celebration = null; };
    const shown = celebration = kingCelebration(k, ctx.name(k.seat), close);
    // over the page, never inside the board: the board is drawn again at every state, and a
    // banner put back into it would start its fade again (a flicker)
    document.body.append(shown);
    setTimeout(close, CELEBRATION_MS);
  };

  return {
    update(m) {
      msg = m;
      const kings = m.view.kings || [];
      if (kingsSeen !== null && kings.length > kingsSeen) celebrate(kings);
      kingsSeen = kings.length;
      render();
    },
    destroy() {
      if (celebration) celebration.remove();
    },
    key(e) {
      const k = e.key.toLowerCase();
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const drawer = { l: "last", t: "scores", c: "counter", r: "rules" }[k];
      if (drawer && ctx.tabs && ctx.tabs.keys().includes(drawer)) ctx.tabs.toggle(drawer); // a phone: the panel's drawer
      else if (k === "l") { open.last = !open.last; render(); }
      else if (k === "t") { open.tables = !open.tables; render(); }
      else if (k === "c") { open.counter = !open.counter; render(); }
      else if (k === "r") { open.rules = !open.rules; render(); }
      else if (k === "escape" && celebration) { celebration.remove(); celebration = null; }
      else if (k === "arrowleft" || k === "arrowright") moveFocus(el, k === "arrowleft" ? -1 : 1, e);
    },
  };
}

// a side panel named for the table's tab bar on a phone (drawers.js)
function tab(panel, key, label) {
  panel.dataset.tab = key;
  panel.dataset.tabLabel = label;
  return panel;
}

function focusedCardIndex(el) {
  const active = document.activeElement;
  if (!active || !el.contains(active) || !active.closest(".hand")) return null;
  return [...el.querySelectorAll(".hand .card")].indexOf(active);
}

function moveFocus(el, step, e) {
  const cards = [...el.querySelectorAll(".hand .card")];
  if (!cards.length) return;
  const i = cards.indexOf(document.activeElement);
  const next = i < 0 ? (step > 0 ? 0 : cards.length - 1) : (i + step + cards.length) % cards.length;
  cards[next].focus();
  e.preventDefault();
}

function topBar(v, ctx, book) {
  const openPen = book.penalties.filter((p) => v.open_contracts[p] > 0)
    .map((p) => h("span.chip", { title: book.of(p).about }, `${book.of(p).name} ×${v.open_contracts[p]}`));
  const chooser = v.chooser !== null && v.chooser !== undefined ? ctx.name(v.chooser) : "—";
  if (v.over) {
    return h("div.topbar", { id: "king-topbar" },
      h("div.deal", {}, tn("Game over after {n} deal", "Game over after {n} deals", v.score_table.length)),
      h("div.contract", {}, v.kings.length ? t("Kings made: {n}", { n: v.kings.length }) : ""));
  }
  return h("div.topbar", { id: "king-topbar" },
    h("div.deal", {}, t("Deal {deal}/{deals}", { deal: Math.min(v.deal, v.deals), deals: v.deals })),
    h("div.contract", {},
      h("strong#contract", {}, v.contract ? book.label(v.contract, v.trump) : t("being chosen")),
      v.contract ? h("span.muted", {}, ` — ${book.of(v.contract).about}`) : null,
      h("span.muted", {}, ` · ${t("chooser: {name}", { name: chooser })}`)),
    h("div.open-contracts", { id: "open-contracts" },
      h("span.muted", {}, `${t("Open:")} `), openPen.length ? openPen : t("no penalty contract"),
      h("span.chip.trump", { title: book.of(book.trump).about }, `${book.of(book.trump).name} ×${v.open_contracts[book.trump]}`)));
}

function felt(v, me, ctx) {
  const seatBoxes = [0, 1, 2, 3].map((i) => {
    const s = seatAtPlace(i, me, 4);
    const moving = v.to_move.includes(s);
    return h(`div.seat-box.${POSITIONS[i]}`, { class: moving ? "moving" : "", dataset: { seat: s } },
      h("div.seat-name", {}, ctx.name(s), ctx.guest?.(s), v.chooser === s ? h("span.badge", { title: t("chooses this deal") }, t("chooser")) : null),
      h("div.seat-stats", {},
        `${signed(v.scores[s])} · ${t("tricks {n}", { n: v.tricks_taken[s] })}`,
        v.deal_points[s] ? ` · ${t("deal {points}", { points: signed(v.deal_points[s]) })}` : "",
        i !== 0 || me === null ? ` · ${tn("{n} card", "{n} cards", v.hand_sizes[s])}` : ""),
      i !== 0 || me === null ? fan(v.hand_sizes[s]) : null); // card_faces.js: the hand's backs
  });
  let trick = v.trick;
  let done = false;
  if (!trick.cards.length && v.tricks && v.tricks.length && v.phase === "play") {
    trick = v.tricks[v.tricks.length - 1];
    done = true;
  }
  const slots = trick.cards.map(([s, c]) => {
    const pos = POSITIONS[placeOfSeat(s, me, 4)];
    return h(`div.trick-slot.${pos}`, {}, cardFace(c, { extra: done && trick.winner === s ? "winner" : "" }));
  });
  return h("div.felt", {},
    seatBoxes,
    h("div.trick", { id: "trick", class: done ? "done" : "", role: "group", "aria-label": t("the trick") },
      slots,
      done ? h("div.trick-note", {}, trick.winner === me ? t("You took the trick") : t("{name} took the trick", { name: ctx.name(trick.winner) })) : null,
      !trick.cards.length && v.phase === "choose" ? h("div.trick-note", {}, v.chooser === me && !ctx.readOnly ? t("You choose the contract…")
        : t("{name} chooses the contract…", { name: ctx.name(v.chooser) })) : null));
}

function hand(v, legalCards, myTurn, ctx) {
  const playing = v.phase === "play" && myTurn;
  const cards = sortHand(v.hand).map((c) => cardFace(c, {
    legal: playing ? legalCards.has(c) : undefined,
    action: `play ${c}`,
    onClick: (card) => ctx.act(`play ${card}`),
  }));
  return h("div.hand-area", {},
    ctx.refusal && !(v.phase === "choose" && myTurn) ? h("div.hand-title.refusal#refusal", { role: "alert" }, ctx.refusal.text)
      : h("div.hand-title", {}, playing ? t("Your turn: play a highlighted card") // a replay shows the viewed seat's
        : ctx.readOnly ? t("Hand of {name}", { name: ctx.name(v.seat) }) : t("Your hand")),
    h("div.hand", { id: "hand", role: "group", "aria-label": t("your hand") }, cards));
}

function chooserDialog(v, ctx, book) {
  const choices = v.legal.filter((a) => a.startsWith("choose "));
  const trumpAction = `choose ${book.trump}`;
  const penalties = choices.filter((a) => !a.startsWith(trumpAction));
  const trumps = choices.filter((a) => a.startsWith(trumpAction));
  const trump = book.of(book.trump);
  const quota = v.quota_left && v.quota_left[v.seat];
  // over the felt, the hand left in sight; a number chooses a contract, a suit's letter (the
  // notation's S, H, D, C) a trump deal; the focus moves into it
  const keys = new Map();
  const option = (a, key, cls, about, ...label) => {
    keys.set(key, a);
    return h(`button.contract-btn${cls}`, { type: "button", title: about, dataset: { action: a, key }, "aria-keyshortcuts": key.toUpperCase(), onClick: () => ctx.act(a) },
      h("kbd", { "aria-hidden": "true" }, key.toUpperCase()), ...label);
  };
  const dialog = h("div.chooser", { id: "chooser", role: "dialog", "aria-labelledby": "chooser-title",
    onKeydown: (e) => {
      if (e.ctrlKey || e.metaKey || e.altKey || e.target.closest("input, select, textarea")) return;
      const a = keys.get(e.key.toLowerCase());
      if (!a) return;
      e.preventDefault();
      e.stopPropagation(); // the board's own keys (C: the card counter) wait
      ctx.act(a);
    } },
    h("h2#chooser-title", {}, t("Choose this deal's contract")),
    ctx.refusal ? h("p.refusal#refusal", { role: "alert" }, ctx.refusal.text) : null,
    quota ? h("p.muted.chooser-quota", {}, quotaLine(quota)) : null,
    h("div.choice-group", {}, penalties.map((a, i) => {
      const id = a.slice(7);
      return option(a, String(i + 1), "", book.of(id).about, h("strong", {}, book.of(id).name), h("span", {}, book.of(id).about));
    })),
    trumps.length ? h("div.choice-group.trumps", {}, h("span.muted", { title: trump.about }, `${trump.name}: `), trumps.map((a) => {
      const s = a.slice(-1);
      return option(a, s.toLowerCase(), s === "H" || s === "D" ? ".suit.red" : ".suit", null,
        h("strong", { "aria-hidden": "true" }, SUIT_SYMBOL[s]), h("span", {}, SUIT_NAME[s]));
    })) : h("p.muted", {}, t("No trump deal is open to you.")));
  queueMicrotask(() => {
    const active = document.activeElement;
    if (!dialog.isConnected || (active && active !== document.body && !dialog.contains(active) && active.closest("input, select, textarea, dialog, .chat"))) return;
    if (!dialog.contains(active)) dialog.querySelector("button.contract-btn").focus({ preventScroll: true });
  });
  return dialog;
}

// what the chooser may still choose: penalty contracts and trump deals, each counted
function quotaLine([penalties, trumps]) {
  const p = tn("{n} penalty contract", "{n} penalty contracts", penalties);
  const k = tn("{n} trump deal", "{n} trump deals", trumps);
  return t("You may still choose {penalties} and {trumps}.", { penalties: p, trumps: k });
}

function toolbar(open, render) {
  const btn = (key, label, k) => h("button.secondary", {
    "aria-pressed": String(open[key]),
    onClick: () => { open[key] = !open[key]; render(); },
  }, `${label} (${k})`);
  return h("div.toolbar", {},
    btn("last", t("Last trick"), "L"), btn("tables", t("Tables"), "T"),
    btn("counter", t("Card counter"), "C"), btn("rules", t("Table rules"), "R"));
}

function lastTrick(v, ctx) {
  const trick = v.last_trick;
  return h("section.side-panel#last-trick", {}, h("h3", {}, t("Last trick")),
    trick ? h("div.last-trick", {}, trick.cards.map(([s, c]) => h("div.lt", {}, cardFace(c, { extra: s === trick.winner ? "winner" : "" }), h("span", {}, ctx.name(s)))),
      h("p", {}, trick.winner === ctx.me ? t("You took it.") : t("{name} took it.", { name: ctx.name(trick.winner) })))
      : h("p.muted", {}, t("No trick is closed yet.")));
}

function counter(v) {
  const played = new Set(v.played || []);
  return h("section.side-panel#counter", {}, h("h3", {}, t("Card counter")),
    h("p.muted", {}, t("Cards still out this deal; played ones are struck.")),
    SUITS.split("").map((s) => h("div.counter-row", {},
      h("span", { class: s === "H" || s === "D" ? "red" : "" }, SUIT_SYMBOL[s], " "),
      RANKS.split("").map((r) => h("span", { class: played.has(r + s) ? "gone" : "out" }, rankText(r + s))))));
}

// Who chose what in which deal: one row per contract, one column per seat, each cell the
// deals (with the trump suit) that seat chose it in; the quota left below. Fits its panel.
function choiceTable(v, ctx, book) {
  const kinds = [...book.penalties, book.trump];
  const chosen = (seat, k) => v.choices.filter((c) => c.seat === seat && c.contract === k);
  const seats = [0, 1, 2, 3];
  return h("section.side-panel#choice-table", {}, h("h3", {}, t("Choice table")),
    h("table.grid.fit", {},
      h("colgroup", {}, h("col.contract-col"), seats.map(() => h("col"))),
      h("thead", {}, h("tr", {}, h("th", {}, t("Contract")), seats.map((s) => h("th", { dataset: { seat: s }, title: ctx.name(s) }, shortName(ctx, s))))),
      h("tbody", {}, kinds.map((k) => h("tr", { dataset: { contract: k } },
        h("th", { title: book.of(k).about }, book.of(k).name),
        seats.map((s) => h("td", { dataset: { seat: s } }, chosen(s, k).map((c) => h("span.chosen", {
          dataset: { deal: c.deal },
          title: s === ctx.me ? t("Deal {deal}: You chose {contract}", { deal: c.deal, contract: book.label(c.contract, c.trump) })
            : t("Deal {deal}: {name} chose {contract}", { deal: c.deal, name: ctx.name(s), contract: book.label(c.contract, c.trump) }),
        }, `${c.deal}${c.trump ? SUIT_SYMBOL[c.trump] : ""}`))))))),
      h("tfoot", {}, h("tr", {}, h("th", { title: t("penalty contracts + trump deals still to choose") }, t("Left")),
        seats.map((s) => h("td", {}, v.quota_left ? `${v.quota_left[s][0]}+${v.quota_left[s][1]}` : t("free")))))),
    h("p.muted.small-note", {}, t("Each cell: the deals in which that seat chose the contract.")));
}

function shortName(ctx, seat) {
  return ctx.name(seat).replace(/ \(.*\)$/, "");
}

function scoreTable(v, ctx, book) {
  const rows = [];
  for (let d = 1; d <= v.deals; d++) {
    const row = v.score_table.find((r) => r.deal === d);
    const current = !row && d === v.deal && !v.over;
    rows.push(h("tr", { class: current ? "current" : "" },
      h("td", {}, d),
      h("td", {}, row ? shortName(ctx, row.chooser) : current && v.chooser !== null ? shortName(ctx, v.chooser) : ""),
      h("td", {}, row ? book.label(row.contract, row.trump) : current ? book.label(v.contract, v.trump) : ""),
      [0, 1, 2, 3].map((s) => h("td.num", {}, row ? (row.points[s] ? signed(row.points[s]) : "0") : ""))));
  }
  return h("section.side-panel#score-table", {}, h("h3", {}, t("Score table")),
    h("table.grid", {},
      h("thead", {}, h("tr", {}, h("th", {}, "#"), h("th", {}, t("Chooser")), h("th", {}, t("Contract")),
        [0, 1, 2, 3].map((s) => h("th.num", {}, shortName(ctx, s))))),
      h("tbody", {}, rows),
      h("tfoot", {}, h("tr", {}, h("th", { colSpan: 3 }, t("Total")), v.scores.map((p) => h("th.num", {}, signed(p)))))));
}

function result(v, ctx) {
  return resultBlock(v, ctx, {
    score: (s) => signed(v.scores[s]),
    extra: (s) => (v.kings.some((k) => k.seat === s) ? h("span.kings", { title: t("made King") }, " ♚") : null),
  });
}
