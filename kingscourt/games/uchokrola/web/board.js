// The Ucho Króla table: every courtier with the cards displayed beside them (oldest nearest),
// prestige piles as counts (your own content visible to you), your hand, the deck and the
// discard pile, each prompt as a clear choice (the riposte prompt too), the narration log and
// the final reveal of the prestige piles.
//
// The riposte window is asked whether or not you hold a Kąśliwa riposta (being asked must
// tell the table nothing). With only "pass" to answer, the browser passes for you after a
// short random delay (so the pace tells nothing either) — a setting you can turn off, shown
// as a checkbox on the table and remembered in localStorage.

import { fill, h } from "/web/js/dom.js";
import { resultBlock } from "/web/js/result.js";
import "./card_text.js";
import { list, t, tn } from "/web/js/i18n.js";
import { groupOptions, optionLabel } from "./options.js";
import { cardBack, emblem, seal } from "./faces.js";
export { heard, motion, openHands, said } from "./table_hooks.js";

/** The board's style sheets, relative to this module (loaded before the board is drawn). */
export const styles = ["./board.css"];

/** The line the lobby and the new-table screen show about the game. */
export function blurb() {
  return t("2–6 courtiers scheme for the King's ear with intrigues and buffooneries.");
}

const AUTO_PASS = "kingscourt.uchokrola.autoPass";
const AUTO_PASS_MS = [600, 1800]; // the random delay before passing for you

export function autoPassOn() {
  try { return localStorage.getItem(AUTO_PASS) !== "false"; } catch { return true; }
}

function setAutoPass(on) {
  try { localStorage.setItem(AUTO_PASS, on ? "true" : "false"); } catch { /* private mode */ }
}

export function mount(el, ctx) {
  let msg = null;
  // Each card's kind (its colour on the table) and its text as the rulebook prints it (shown
  // on hover / long press), from the table's card set as /api/games serves it: nothing about
  // the cards is written here, so a card added to the card data shows with its kind and text.
  const cards = {};
  for (const c of ctx.game.cards) cards[c.name] = c;
  // a card drawn as a card (faces.js): its kind's emblem or its character's portrait, its
  // name, its prestige as a seal; its text on hover, a tap or Enter (card_text.js)
  const card = (name, extra = "") => {
    const known = cards[name];
    const text = known && known.text;
    const prestige = known && known.prestige !== null && known.prestige !== undefined ? known.prestige : null;
    const kind = known ? known.kind : "unknown";
    return h("span", { class: `uk-card face kind-${kind} ${extra}`,
      title: text ? `${name}: ${text}` : name, tabindex: text ? "0" : null, // card_text.js: tap opens the text
      dataset: text ? { text, name: known.label, kind: known.kind, prestige: prestige ?? "" } : { name } },
    emblem(kind, name), h("span.uk-name", {}, known ? known.label : name),
    prestige !== null && !(kind === "character" && prestige === 0) ? h("span.uk-prestige", { role: "img", "aria-label": t("{n} prestige", { n: prestige }) }, seal(prestige)) : null);
  };
  // a face-down stack (the deck, a prestige pile): a few backs and the count
  const stack = (n, cls, label) => h(`div.uk-stack.${cls}`, { role: "img", "aria-label": label, title: label, dataset: { count: String(n) } },
    h("span.uk-backs", {}, [...Array(Math.min(n, 4)).keys()].map(() => cardBack())), h("span.uk-count", {}, String(n)));

  // Passing for a seat that holds no riposte: once per state version, after a random delay.
  let autoTimer = null;
  let autoVersion = null;
  const onlyPass = (m) => !ctx.readOnly && m && m.seat !== null && m.seat !== undefined && !m.view.over
    && m.view.phase === "riposte" && m.view.to_move.includes(m.seat)
    && m.view.legal.length === 1 && m.view.legal[0] === "pass";
  const cancelAutoPass = () => {
    if (autoTimer !== null) clearTimeout(autoTimer);
    autoTimer = null;
    autoVersion = null;
  };
  const scheduleAutoPass = () => {
    if (!autoPassOn() || !onlyPass(msg)) { cancelAutoPass(); return; }
    if (autoVersion === msg.version) return;
    cancelAutoPass();
    autoVersion = msg.version;
    const [lo, hi] = AUTO_PASS_MS;
    autoTimer = setTimeout(() => {
      autoTimer = null;
      if (autoPassOn() && onlyPass(msg) && msg.version === autoVersion) ctx.act("pass");
    }, lo + Math.random() * (hi - lo));
  };
  const autoPassBox = () => h("label.uk-auto-pass", { title: t("When you hold no Kąśliwa riposta, pass after a moment without asking") },
    h("input#uk-auto-pass", { type: "checkbox", checked: autoPassOn(), onChange: (e) => {
      setAutoPass(e.target.checked);
      scheduleAutoPass();
      render();
    } }), ` ${t("Pass for me when I hold no riposte")}`);

  const seatLabel = (v, s) => {
    const chars = (v.characters[s] || []).join(" & ");
    const who = ctx.name(s);
    return chars ? `${chars} (${who.replace(/ \((.*)\)$/, ", $1")})` : who;
  };

  // Each legal action as the server parsed it with the game's notation (v.options, one per
  // text of v.legal): the board reads its parts (options.js), never the text, and sends the
  // text back as it came. Where every option does not fit the prompt (a phone), the actions
  // aimed at a seat fold into one button each ("Play Faux pas…"), which opens its seats as a
  // second step with a way back (a button, Escape): the prompt then needs no scrolling.
  let compact = false; // the options folded, decided after drawing them (render)
  let picking = null; // the folded action whose seats are shown (its group's index)
  const choose = (action) => { picking = null; ctx.act(action); };
  const numbered = (n, label) => [n <= 9 ? h("kbd", {}, String(n)) : null, label];
  const options = (v) => {
    const who = (s) => seatLabel(v, s);
    const groups = groupOptions(v.options);
    let n = 0;
    // an action's line: its words, then a button per seat it may be aimed at
    const aimed = (targets) => h("div.option", {}, h("span.option-label", {}, `${optionLabel(targets[0], who)} →`),
      targets.map((o) => {
        n += 1;
        return h("button.uk-option.target", { dataset: { action: o.action, n }, onClick: () => choose(o.action) },
          numbered(n, who(o.target)));
      }));
    if (compact && picking !== null && groups[picking] && groups[picking].targets) {
      return [aimed(groups[picking].targets),
        h("div.option", {}, h("button.uk-return#uk-return", { type: "button", onClick: () => back() }, `← ${t("Back")}`))];
    }
    return groups.map(({ single, targets }, i) => {
      if (single) {
        n += 1;
        return h("div.option", {}, h("button.uk-option", { dataset: { action: single.action, n }, onClick: () => choose(single.action) },
          numbered(n, optionLabel(single, who))));
      }
      if (compact) {
        n += 1;
        return h("div.option", {}, h("button.uk-option.uk-group", { dataset: { group: i, n }, "aria-haspopup": "true",
          onClick: () => { picking = i; render(); el.querySelector("#prompt .uk-option.target")?.focus(); } },
        numbered(n, `${optionLabel(targets[0], who)}…`)));
      }
      return aimed(targets);
    });
  };
  const back = () => {
    const i = picking;
    picking = null;
    render();
    el.querySelector(`#prompt .uk-group[data-group="${i}"]`)?.focus();
  };

  const render = () => {
    if (!msg) return;
    const v = msg.view;
    const me = msg.seat;
    const myTurn = !ctx.readOnly && me !== null && v.to_move.includes(me); // a replay never acts
    const top = v.discard.length ? v.discard[v.discard.length - 1] : null;
    const mover = v.to_move.length ? v.to_move[0] : null;
    fill(el,
      h("div.topbar", {},
        h("div.deal", {}, v.choosing ? t("Choosing characters") : t("Turn {n}: {who}", { n: v.turn_number, who: v.turn >= 0 ? seatLabel(v, v.turn) : "—" })),
        h("div", {}, t("Deck {n}", { n: v.deck_size }), v.exhaustions ? ` · ${t("ran out {n}×", { n: v.exhaustions })}` : "", v.ending ? ` · ${t("last turn")}` : ""),
        me !== null && !v.over && !ctx.readOnly ? autoPassBox() : null),
      h("div.uk-layout", {},
        h("div.uk-main", {},
          v.over ? finalReveal(v) : null,
          // the court: each courtier at the table with their display and prestige pile, the
          // deck and the discard in the middle
          h("div.uk-court", { id: "court" },
            h("div.courtiers", { id: "courtiers" }, v.characters.map((_, s) => courtier(v, s, me))),
            h("div.uk-centre", {},
              h("div.uk-deck", {}, stack(v.deck_size, "deck", t("Deck {n}", { n: v.deck_size })), h("span.uk-caption", {}, t("Deck {n}", { n: v.deck_size }))),
              h("div.discard", {}, top ? card(top) : h("span.uk-slot", {}, t("empty")),
                h("span.uk-caption", {}, `${t("Discard:")} ${v.discard.length}`))),
            secrets(v)),
          prompt(v, me, myTurn, mover),
          me !== null ? h("section.side-panel#uk-hand", {}, h("h3", {}, t("Your hand ({n})", { n: v.hand.length })),
            h("div.uk-hand", {}, v.hand.length ? v.hand.map((c) => card(c)) : h("span.muted", {}, t("empty")))) : null),
        h("aside.uk-side", {},
          // its new lines are said in the page's live region (table_hooks.js said), not here again
          h("section.side-panel#narration", { dataset: { tab: "narration", tabLabel: t("Narration") } }, h("h3", {}, t("Narration")),
            h("ol.log", { tabindex: "0", "aria-label": t("Narration"), "data-scroll-end": "", start: Math.max(1, (v.log || []).length - 39) }, (v.log || []).slice(-40).map((line) => h("li", {}, line)))))));
    const log = el.querySelector(".log");
    if (log) log.scrollTop = log.scrollHeight;
    const box = el.querySelector("#prompt");
    if (!compact && box && box.querySelector(".uk-option.target") && box.scrollHeight > box.clientHeight + 1) {
      compact = true; // every option does not fit: fold the seats' choices (drawn once more)
      render();
    }
  };

  const prompt = (v, me, myTurn, mover) => {
    if (v.over) return null;
    if (myTurn) {
      const riposte = v.phase === "riposte";
      const auto = riposte && autoPassOn() && onlyPass(msg);
      return h("section.prompt#prompt", { class: riposte ? "riposte" : "" },
        h("h2", {}, riposte ? `${t("Riposte?")} ` : "", v.question || t("Your move")),
        ctx.refusal ? h("p.refusal#refusal", { role: "alert" }, ctx.refusal.text) : null,
        auto ? h("p.muted#uk-auto-passing", {}, t("You hold no Kąśliwa riposta: passing for you in a moment…")) : null,
        v.character_options && v.character_options.length && v.choosing
          ? h("p.muted", {}, t("Each character has its own ability; choose the one you will play.")) : null,
        h("div.options", {}, options(v)));
    }
    return h("section.prompt.waiting#prompt", {},
      h("p", {}, mover !== null ? t("Waiting for {who}…", { who: seatLabel(v, mover) }) : "…"));
  };

  const courtier = (v, s, me) => h("div.courtier", { class: `${s === me ? "mine" : ""} ${v.to_move.includes(s) ? "moving" : ""}`, dataset: { seat: s } },
    h("div.courtier-head", {},
      h("strong.seat-who", { title: ctx.name(s) }, ctx.name(s)), ctx.guest?.(s),
      v.favourite === s ? h("span.badge", {}, t("favourite")) : null,
      h("span.muted", {}, ` · ${t("hand {n}", { n: v.hand_sizes[s] })}`)),
    h("div.court-row", {},
      (v.characters[s] && v.characters[s].length ? v.characters[s] : [v.chosen && v.chosen[s] ? t("(chosen in secret)") : t("(choosing)")])
        .map((c) => card(c)),
      v.displays[s].map((c, i) => card(c, i === 0 ? "oldest" : ""))),
    h("div.prestige", {},
      stack(v.prestige_sizes[s], "pile", tn("Prestige pile: {n} card", "Prestige pile: {n} cards", v.prestige_sizes[s])),
      v.prestige[s] && v.prestige[s].length && !v.over ? h("div.pile-content", {}, v.prestige[s].map((c) => card(c, "small"))) : null));

  const secrets = (v) => {
    const parts = [];
    if (v.revealed && v.revealed.length) parts.push(h("div", {}, `${t("Revealed:")} `, v.revealed.map((c) => card(c))));
    if (v.looked && v.looked.length) parts.push(h("div", {}, `${t("You look at:")} `, v.looked.map((c) => card(c))));
    if (v.shown && v.shown.length) parts.push(h("div", {}, `${t("Shown to you:")} `, v.shown.map((c) => card(c))));
    if (v.limbo && v.limbo.length) parts.push(h("div", {}, `${t("In play:")} `, v.limbo.map((c) => card(c))));
    return parts.length ? h("section.side-panel#uk-secrets", {}, parts) : null;
  };

  const finalReveal = (v) => resultBlock(v, ctx, {
    name: (s) => seatLabel(v, s),
    score: (s) => t("{n} prestige", { n: v.prestige_totals ? v.prestige_totals[s] : v.scores[s] }),
    extra: (s) => h("div.pile-content", {}, (v.prestige[s] || []).map((c) => card(c, "small"))),
    headline: (names, you) => (you ? t("You win the King's ear!")
      : tn("{names} wins the King's ear!", "{names} win the King's ear!", names.length, { names: list(names) })),
    caption: t("The prestige piles, revealed"),
  });

  return {
    update(m) {
      msg = m;
      compact = false; // a new question: the options are drawn whole first, folded if they do not fit
      picking = null;
      render();
      scheduleAutoPass();
    },
    key(e) {
      if (!msg || e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key === "Escape" && picking !== null) { back(); e.preventDefault(); return; }
      const n = Number(e.key);
      if (n >= 1 && n <= 9) {
        const btn = el.querySelector(`.uk-option[data-n="${n}"]`);
        if (btn) { btn.click(); e.preventDefault(); }
      }
    },
  };
}
