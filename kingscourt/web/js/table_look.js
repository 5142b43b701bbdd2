// What a table page adds to its board's look and feel: the settings strip, the motion around
// each new state and the sounds of what happened (the board module's ``motion`` and
// ``heard``), your-turn notice, auto-play of a single legal action and the
// confirm-before-playing switch (for the actions the game's ``confirm_words`` name, offered
// where its ``looks`` say so). table.js calls these; nothing here names a game.

import { toast } from "./dom.js";
import { t } from "./i18n.js";
import { lookBar, pref } from "./look_prefs.js";
import { afterState, beforeState } from "./motion.js";
import { sound } from "./sound.js";
import { yourTurn } from "./turn_notice.js";

const AUTO_PLAY_MS = 350;
const CONFIRM = () => t("Click again to play it."); // player-facing
const PROMPT = () => t("Your turn.");

let unsaid = []; // texts waiting for the live region's next change

/** Say ``text`` in the page's polite live region (index.html's #announcer). Texts that come
 * within the same 30 ms are said together, so a quick next state never replaces one unheard. */
export function announce(text) {
  const el = document.getElementById("announcer");
  if (!el) return;
  unsaid.push(text);
  if (unsaid.length > 1) return;
  el.textContent = "";
  setTimeout(() => { // a change the reader hears even when repeated
    el.textContent = unsaid.join(" ");
    unsaid = [];
  }, 30);
}

const myTurn = (m) => Boolean(m && m.seat !== null && m.seat !== undefined && !m.view.over
  && m.view.to_move.includes(m.seat));

/** Whether ``action``'s first word is one of ``words`` (the game's confirm_words). */
export function guarded(words, action) {
  return words.some((w) => action === w || action.startsWith(`${w} `));
}

/** info: the game's /api/games entry; mod: its board module; board: the board's element. */
export function tableLook(info, mod, board) {
  let prev = null;
  let pending = null; // the action waiting for its confirming click
  let autoVersion = null;
  const words = info.confirm_words || [];
  const looks = info.looks || [];

  const mark = (action, on) => {
    const el = board.querySelector(`[data-action="${CSS.escape(action)}"]`);
    if (el) el.classList.toggle("selected", on);
  };

  return {
    bar: () => lookBar(looks),
    /** Wrap the board's act: a play asks for a confirming click while that switch is on. */
    guard(act) {
      return (action) => {
        if (pref("confirmPlay") && guarded(words, action) && pending !== action) {
          if (pending) mark(pending, false);
          pending = action;
          mark(action, true);
          toast(CONFIRM(), "info", 1800);
          return;
        }
        if (pending) mark(pending, false);
        pending = null;
        act(action);
      };
    },
    before: () => beforeState(mod.motion, board),
    after(snap, m, act, ctx) {
      pending = null;
      afterState(mod.motion, board, snap, prev, m);
      const heard = prev && prev.version !== m.version && mod.heard ? mod.heard(prev, m) : null;
      const turnNow = myTurn(m) && !(prev && myTurn(prev));
      // for screen readers: what happened (the board module's said: each play, a trick's
      // winner) and the prompt when the turn comes to this seat
      const said = prev && prev.version !== m.version && mod.said && ctx ? mod.said(prev, m, ctx) : [];
      if (turnNow) said.push(PROMPT());
      if (said.length) announce(said.join(" "));
      if (heard) sound(heard);
      else if (turnNow) sound("turn");
      yourTurn(myTurn(m));
      if (looks.includes("autoPlay") && myTurn(m) && pref("autoPlay") && autoVersion !== m.version) {
        const plays = m.view.legal.filter((a) => guarded(words, a));
        if (plays.length === 1 && m.view.legal.length === 1) {
          autoVersion = m.version;
          setTimeout(() => { if (prev && prev.version === m.version) act(plays[0]); }, AUTO_PLAY_MS);
        }
      }
      prev = m;
    },
    leave() { yourTurn(false); },
  };
}
