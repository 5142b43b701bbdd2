// What a table page adds to its board's look and feel, game by game: the settings strip, the
// motion around each new state, the sounds of what happened, your-turn notice, auto-play of a
// single legal card (King) and the confirm-before-playing switch. table.js calls these.

import { toast } from "./dom.js";
import { t } from "./i18n.js";
import { lookBar, pref } from "./look_prefs.js";
import { afterState, beforeState } from "./motion.js";
import { sound } from "./sound.js";
import { yourTurn } from "./turn_notice.js";

const AUTO_PLAY_MS = 350;
const CONFIRM = () => t("Click again to play it."); // player-facing

const myTurn = (m) => Boolean(m && m.seat !== null && m.seat !== undefined && !m.view.over
  && m.view.to_move.includes(m.seat));

// The sounds of what changed between two states, per game.
const HEARD = {
  king(prev, m) {
    const a = prev.view;
    const b = m.view;
    if ((b.kings || []).length > (a.kings || []).length) return "fanfare";
    if ((b.tricks || []).length > (a.tricks || []).length || (b.tricks || []).length < (a.tricks || []).length) return "trick";
    if (b.trick.cards.length > a.trick.cards.length) return "play";
    return null;
  },
  kukakoenig(prev, m) {
    const fresh = (m.view.log || []).slice((prev.view.log || []).length).map((e) => e.kind);
    if (fresh.includes("collision")) return "collision";
    if (fresh.includes("take")) return "trick";
    if (fresh.includes("reveal")) return "play";
    return null;
  },
  uchokrola(prev, m) {
    return (m.view.log || []).length > (prev.view.log || []).length ? "play" : null;
  },
};

const PLAYS = /^(play |row )/;

export function tableLook(game, board) {
  let prev = null;
  let pending = null; // the action waiting for its confirming click
  let autoVersion = null;

  const mark = (action, on) => {
    const sel = action.startsWith("row ") ? `.kkk-row[data-row="${action.slice(4)}"]`
      : game === "king" ? `.hand .card[data-card="${action.slice(5)}"]` : `[data-action="${CSS.escape(action)}"]`;
    const el = board.querySelector(sel);
    if (el) el.classList.toggle("selected", on);
  };

  return {
    bar: () => lookBar(game),
    /** Wrap the board's act: a play asks for a confirming click while that switch is on. */
    guard(act) {
      return (action) => {
        if (pref("confirmPlay") && PLAYS.test(action) && pending !== action) {
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
    before: () => beforeState(game, board),
    after(snap, m, act) {
      pending = null;
      afterState(game, board, snap, prev, m);
      const heard = prev && prev.version !== m.version ? HEARD[game](prev, m) : null;
      const turnNow = myTurn(m) && !(prev && myTurn(prev));
      if (heard) sound(heard);
      else if (turnNow) sound("turn");
      yourTurn(myTurn(m));
      if (game === "king" && myTurn(m) && pref("autoPlay") && autoVersion !== m.version) {
        const plays = m.view.legal.filter((a) => a.startsWith("play "));
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
