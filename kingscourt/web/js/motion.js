// Motion at the tables, never in the way: the new state is drawn at once (input goes to the
// new board straight away) and only then do its elements glide in from where they were —
// a played card from the hand or its seat into the trick, a closed trick to its winner
// (ghost copies), a taken row into the collection (ghosts), a displayed card beside its
// character. Web Animations on transform and opacity only; none under prefers-reduced-motion.

import { motionOn } from "./look_prefs.js";

const MS = 260;

function centre(r) {
  return [r.left + r.width / 2, r.top + r.height / 2];
}

function count() {
  const d = document.documentElement.dataset;
  d.motions = String(Number(d.motions || 0) + 1);
}

/** Glide ``el`` (already in its new place) in from the rectangle ``from``. */
function glideIn(el, from, { delay = 0, ms = MS } = {}) {
  if (!from || !el.animate) return;
  const to = el.getBoundingClientRect();
  const [fx, fy] = centre(from);
  const [tx, ty] = centre(to);
  if (Math.abs(fx - tx) < 2 && Math.abs(fy - ty) < 2) return;
  count();
  el.animate([{ transform: `translate(${fx - tx}px, ${fy - ty}px) scale(.85)`, opacity: 0.9 },
    { transform: "none", opacity: 1 }], { duration: ms, delay, easing: "cubic-bezier(.2,.7,.3,1)", fill: "backwards" });
}

/** A ghost copy of an old element flying from its old rectangle to ``to``, then gone. */
function ghost(clone, from, to, { delay = 0, ms = MS + 120 } = {}) {
  if (!from || !to || !document.body.animate) return;
  const g = clone.cloneNode(true);
  g.classList.add("motion-ghost");
  g.removeAttribute("id");
  Object.assign(g.style, { position: "fixed", left: `${from.left}px`, top: `${from.top}px`, width: `${from.width}px`,
    height: `${from.height}px`, margin: "0", pointerEvents: "none", zIndex: "30" });
  g.setAttribute("aria-hidden", "true");
  document.body.append(g);
  const [fx, fy] = centre(from);
  const [tx, ty] = centre(to);
  count();
  const a = g.animate([{ transform: "none", opacity: 1 },
    { transform: `translate(${tx - fx}px, ${ty - fy}px) scale(.45)`, opacity: 0.15 }],
  { duration: ms, delay, easing: "ease-in", fill: "both" });
  const done = () => g.remove();
  a.onfinish = done;
  a.oncancel = done;
}

const rect = (el) => (el ? el.getBoundingClientRect() : null);

// What each board looks like before a new state: rectangles and copies, read from the DOM.
const BEFORE = {
  king(board) {
    const hand = new Map([...board.querySelectorAll(".hand .card[data-card]")].map((e) => [e.dataset.card, rect(e)]));
    const trick = [...board.querySelectorAll(".trick .card[data-card]")].map((e) => ({ card: e.dataset.card, rect: rect(e), el: e }));
    const win = board.querySelector(".trick.done .card.winner");
    const winnerPos = win ? POS.find((p) => win.closest(`.trick-slot.${p}`)) : null;
    return { hand, trick, winnerPos };
  },
  kukakoenig(board) {
    const rows = new Map([...board.querySelectorAll(".kkk-row[data-row]")].map((r) => [
      r.dataset.row, [...r.querySelectorAll(".kkk-card")].map((e) => ({ el: e, rect: rect(e) }))]));
    return { rows };
  },
  uchokrola(board) {
    const hand = new Map([...board.querySelectorAll("#uk-hand .uk-card[data-name]")].map((e) => [e.dataset.name, rect(e)]));
    const court = new Map([...board.querySelectorAll(".courtier[data-seat]")].map((c) => [c.dataset.seat, c.querySelectorAll(".court-row .uk-card").length]));
    const top = board.querySelector(".discard .uk-card");
    return { hand, court, discard: top ? top.dataset.name || top.textContent : null };
  },
};

const POS = ["bottom", "right", "top", "left"];

const AFTER = {
  king(board, before) {
    const shown = new Set(before.trick.map((t) => t.card));
    for (const e of board.querySelectorAll(".trick .card[data-card]")) {
      if (shown.has(e.dataset.card)) continue;
      const pos = POS.find((p) => e.closest(`.trick-slot.${p}`));
      glideIn(e, before.hand.get(e.dataset.card) || rect(board.querySelector(`.seat-box.${pos}`)));
    }
    const now = new Set([...board.querySelectorAll(".trick .card[data-card]")].map((e) => e.dataset.card));
    if (before.winnerPos && before.trick.length && before.trick.every((t) => !now.has(t.card))) {
      const to = rect(board.querySelector(`.seat-box.${before.winnerPos}`));
      before.trick.forEach((t, i) => ghost(t.el, t.rect, to, { delay: i * 25 }));
    }
  },
  kukakoenig(board, before, prev, msg) {
    const seen = prev ? (prev.view.log || []).length : null;
    if (seen === null) return;
    const fresh = (msg.view.log || []).slice(seen);
    const counted = fresh.some((e) => e.kind === "reveal");
    const delay = counted ? 3 * 380 : 0; // after the "Ku – Ka – König!" count
    for (const e of fresh) {
      if (e.kind !== "take") continue;
      const to = rect(board.querySelector(`#collections .player[data-seat="${e.seat}"]`));
      (before.rows.get(String(e.row)) || []).forEach((t, i) => ghost(t.el, t.rect, to, { delay: delay + i * 40, ms: 520 }));
    }
  },
  uchokrola(board, before) {
    for (const c of board.querySelectorAll(".courtier[data-seat]")) {
      const cards = [...c.querySelectorAll(".court-row .uk-card")];
      const had = before.court.get(c.dataset.seat);
      if (had === undefined || cards.length <= had) continue;
      for (const e of cards.slice(had)) glideIn(e, before.hand.get(e.dataset.name) || rect(c.querySelector(".courtier-head")));
    }
    const top = board.querySelector(".discard .uk-card");
    const name = top ? top.dataset.name || top.textContent : null;
    if (top && name !== before.discard) glideIn(top, before.hand.get(name) || null);
  },
};

/** Read the board before a new state is drawn (null when motion is off). */
export function beforeState(game, board) {
  if (!motionOn() || !BEFORE[game]) return null;
  try { return BEFORE[game](board); } catch { return null; }
}

/** After the new state is drawn: start the glides and ghosts (never awaited). */
export function afterState(game, board, before, prev, msg) {
  if (!before || !prev || !motionOn()) return;
  try { AFTER[game](board, before, prev, msg); } catch { /* motion is decoration */ }
}
