// Motion at the tables, never in the way: the new state is drawn at once (input goes to the
// new board straight away) and only then do its elements glide in from where they were (a
// played card from the hand into the trick, a closed trick to its winner as ghost copies).
// What glides is the game's: its board module's ``motion`` ({before, after}) reads the board
// before and animates after with glideIn and ghost. Web Animations on transform and opacity
// only; none under prefers-reduced-motion.

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
export function glideIn(el, from, { delay = 0, ms = MS } = {}) {
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
export function ghost(clone, from, to, { delay = 0, ms = MS + 120 } = {}) {
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

/** An element's rectangle on the screen, or null. */
export const rect = (el) => (el ? el.getBoundingClientRect() : null);

/** Read the board before a new state is drawn (null when motion is off); ``motion``: the
 * board module's {before, after} (null: the game has none). */
export function beforeState(motion, board) {
  if (!motionOn() || !motion) return null;
  try { return motion.before(board); } catch { return null; }
}

/** After the new state is drawn: start the game's glides and ghosts (never awaited). */
export function afterState(motion, board, before, prev, msg) {
  if (!before || !prev || !motionOn() || !motion) return;
  try { motion.after(board, before, prev, msg); } catch { /* motion is decoration */ }
}
