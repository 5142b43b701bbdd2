// The table's chat: players' messages, spectators' messages apart, quick phrases and emotes,
// and for the host a switch that closes or reopens the chat to spectators. Every text a
// person wrote is set as textContent (h() appends text nodes), never parsed as HTML.
//
// Wire: sends {"type": "chat", "text"} (a spectator adds its "name") and
// {"type": "spectator-chat", "open"}; reads "chat", "chat-history", "chat-settings" and the
// errors the chat causes (codes rate-limited and not-host, rules chat-*).

import { h, fill } from "./dom.js";
import { playerName } from "./store.js";
import { clockTime, lazy, t } from "./i18n.js";
import { chatIcon, EMOTES, emoteIcon, emoteName, eyeIcon, withEmotes } from "./emotes.js";

const TEXT = lazy(() => ({
  title: t("Chat"),
  placeholder: t("Say something…"),
  send: t("Send"),
  spectators: t("Spectators"),
  spectator: t("spectator"),
  you: t("you"),
  seat: (n) => t("seat {n}", { n }),
  empty: t("No messages yet. Say hello!"),
  closed: t("The host has closed the chat to spectators."),
  closedHost: t("Spectators cannot write now."),
  closeSpectators: t("Close chat to spectators"),
  openSpectators: t("Open chat to spectators"),
  offline: t("Not connected — the message was not sent."),
  unread: (n) => t("{n} new", { n }),
  jump: (n) => [chatIcon(), ` ${n}`],
  phrases: t("Quick phrases"),
  emotes: t("Emotes"),
  // sent as they read in the sender's language
  quick: [t("Good luck!"), t("Well played"), t("Thanks"), t("Oops")],
}));
const MAX = 300;  // characters, as the server counts them after trimming
const KEEP = 200; // lines kept on the page per list

/** The chat panel appended to `parent`; `head` gets a small unread button. send(msg) sends
 * on the table's socket (false when not connected); host: the host's seat (or null). */
export function mountChat(parent, { send, host, head }) {
  let me = null;
  let spectatorsOpen = true;
  let unread = 0;
  let lastSent = "";
  let errorTimer = null;

  // a log of fixed height: the buttons under it stay where they are as messages come
  const players = h("ol.chat-log.chat-players", { "aria-live": "polite", "aria-label": TEXT.title, dataset: { empty: TEXT.empty } });
  const spectators = h("ol.chat-log.chat-spectators-log", { "aria-live": "polite", "aria-label": TEXT.spectators });
  const spectatorBox = h("section.chat-spectators", { hidden: true },
    h("h4", {}, eyeIcon(), ` ${TEXT.spectators}`), spectators);
  const input = h("input.chat-input", { type: "text", maxLength: MAX, placeholder: TEXT.placeholder,
    "aria-label": TEXT.placeholder, autocomplete: "off" });
  const error = h("p.chat-error", { role: "status", hidden: true });
  const note = h("p.muted.chat-note", { hidden: true });
  const toggle = h("button.secondary.small.chat-toggle", { type: "button", hidden: true,
    onClick: () => say({ type: "spectator-chat", open: !spectatorsOpen }) });
  const badge = h("span.badge.chat-unread", { hidden: true });
  const preview = h("span.chat-preview.muted");
  const jump = h("button.secondary.small.chat-jump", { type: "button", hidden: true, title: TEXT.title,
    onClick: () => { panel.open = true; panel.scrollIntoView({ block: "nearest" }); input.focus(); } });
  const form = h("form.chat-form", {
    onSubmit: (e) => {
      e.preventDefault();
      const text = input.value.trim();
      if (!text) return;
      if (say(chatMessage(text))) input.value = "";
    },
  }, input, h("button.small", { type: "submit" }, TEXT.send));
  const quick = h("div.chat-quick", {},
    h("span.chat-quick-group", { role: "group", "aria-label": TEXT.phrases },
      TEXT.quick.map((p) => h("button.secondary.small.chat-phrase", { type: "button", onClick: () => say(chatMessage(p)) }, p))),
    h("span.chat-quick-group", { role: "group", "aria-label": TEXT.emotes },
      EMOTES.map((e) => h("button.secondary.small.chat-emote", { type: "button", "aria-label": emoteName(e), onClick: () => say(chatMessage(e)) }, emoteIcon(e)))));
  const panel = h("details.panel.chat", {},
    h("summary", {}, h("span.chat-title", {}, chatIcon(), ` ${TEXT.title}`), badge, preview),
    h("div.chat-body", {}, players, spectatorBox, note, quick, form, error, toggle));
  // open in its column beside the board on a wide screen; a drawer from the head line on a
  // narrower one, closed until asked for (tables.css)
  panel.open = window.matchMedia("(min-width: 1200px)").matches;
  panel.addEventListener("toggle", () => { if (panel.open) markRead(); });
  parent.append(panel);
  if (head) head.append(jump);

  function chatMessage(text) {
    lastSent = text;
    const msg = { type: "chat", text };
    const name = (playerName() || "").trim();
    if (me === null && name) msg.name = name; // a spectator's own name; a seat has its seat's
    return msg;
  }

  function say(msg) {
    if (send(msg)) return true;
    showError(TEXT.offline);
    return false;
  }

  function showError(text) {
    error.textContent = text;
    error.hidden = false;
    clearTimeout(errorTimer);
    errorTimer = setTimeout(() => { error.hidden = true; }, 6000);
  }

  function markRead() {
    unread = 0;
    badge.hidden = true;
    jump.hidden = true;
  }

  function line(m) {
    const who = m.seat === null || m.seat === undefined
      ? `${m.name} (${TEXT.spectator})`
      : `${m.name} (${TEXT.seat(m.seat + 1)}${m.seat === me ? `, ${TEXT.you}` : ""})`;
    const at = new Date(m.at);
    const time = clockTime(at);
    return h("li.chat-msg", { class: m.seat === me && me !== null ? "mine" : undefined,
      dataset: { seat: m.seat === null || m.seat === undefined ? "spectator" : String(m.seat) } },
      h("span.chat-who", {}, who), h("span.chat-text", {}, withEmotes(m.text)),
      h("time.chat-at", { dateTime: m.at, title: m.at }, time));
  }

  function add(m) {
    const list = m.seat === null || m.seat === undefined ? spectators : players;
    list.append(line(m));
    while (list.children.length > KEEP) list.firstChild.remove();
    list.scrollTop = list.scrollHeight;
    spectatorBox.hidden = !spectators.children.length;
    fill(preview, `${m.name}: `, withEmotes(m.text));
  }

  function settings() {
    const isHost = me !== null && host !== null && host !== undefined && me === host;
    toggle.hidden = !isHost;
    toggle.textContent = spectatorsOpen ? TEXT.closeSpectators : TEXT.openSpectators;
    const silenced = me === null && !spectatorsOpen;
    input.disabled = silenced;
    for (const b of quick.querySelectorAll("button")) b.disabled = silenced;
    form.querySelector("button").disabled = silenced;
    note.hidden = spectatorsOpen;
    note.textContent = me === null ? TEXT.closed : TEXT.closedHost;
  }

  function ownError(msg) {
    return msg.code === "rate-limited" || msg.code === "not-host" || (msg.rule || "").startsWith("chat-");
  }

  /** Every server message passes here first; true: it was the chat's (nothing else to do). */
  function handle(msg) {
    if (msg.type === "state") {
      me = msg.seat === undefined ? null : msg.seat;
      settings();
      return false;
    }
    if (msg.type === "chat-history") {
      fill(players);
      fill(spectators);
      for (const m of msg.messages || []) add(m);
      if (!(msg.messages || []).length) { spectatorBox.hidden = true; preview.textContent = ""; }
      spectatorsOpen = msg.spectators !== false;
      settings();
      return true;
    }
    if (msg.type === "chat") {
      add(msg);
      if (!panel.open) {
        unread += 1;
        badge.textContent = TEXT.unread(unread);
        badge.hidden = false;
        fill(jump, TEXT.jump(unread));
        jump.hidden = false;
      }
      return true;
    }
    if (msg.type === "chat-settings") {
      spectatorsOpen = msg.spectators !== false;
      settings();
      return true;
    }
    if (msg.type === "error" && ownError(msg)) {
      showError(msg.message);
      // a text the server refused (too long, a control character) or held back: to edit again
      const retry = msg.code === "rate-limited" || msg.rule === "chat-too-long" || msg.rule === "chat-control";
      if (retry && !input.value && lastSent) input.value = lastSent;
      return true;
    }
    return false;
  }

  return { handle };
}
