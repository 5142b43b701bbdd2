// A table page: the WebSocket, the seat's header, invitations, and the game's own board (the
// board module its /api/games entry names, loaded with import()).

import { Connection } from "./connection.js";
import { fill, h, toast } from "./dom.js";
import { gameInfoInto, gameModules, rulesInFull, rulesInShort } from "./games.js";
import { guestMark, levelName, seatMarks, seatName } from "./names.js";
import { t, tn } from "./i18n.js";
import { forgetSeat, rememberSeat, seatAt } from "./store.js";
import { api } from "./api.js";
import { inviteByName } from "./friends.js";
import { tableLook } from "./table_look.js";
import { rematchPanel } from "./rematch.js";
import { mountChat } from "./chat.js";
import { panelTabs } from "./drawers.js";

// refusals of a move: shown on the board beside its prompt, not as a toast over the hand
const INLINE_REFUSALS = new Set(["illegal-action", "not-your-turn", "game-over"]);

export async function showTable({ root, onLeave }, tableId, token) {
  const status = h("span.status", { "aria-live": "polite" }, t("connecting…"));
  const title = h("span.table-title", {}, t("Table"));
  const rulesLine = h("span.table-rules#table-rules");
  const clock = h("span.clock", { "aria-live": "off" });
  const leave = h("button.secondary.small", { hidden: true }, t("Leave seat"));
  const invites = h("div.invites");
  const room = h("section.panel.waiting-room", { hidden: true });
  const board = h("div.board");
  // the rules' line, the look switches and "Leave seat": in the head line on a wide screen,
  // behind one button on a phone (tables.css)
  const more = h("div.table-more#table-more", {}, rulesLine, leave);
  const foldMore = (open) => {
    moreBtn.setAttribute("aria-expanded", String(open));
    moreBtn.closest(".table-head").classList.toggle("open", open);
  };
  const moreBtn = h("button.secondary.small.more-toggle", { type: "button", "aria-expanded": "false", "aria-controls": "table-more",
    onClick: () => foldMore(moreBtn.getAttribute("aria-expanded") !== "true") }, `⚙ ${t("Settings")}`);
  const page = h("section.table-page", {},
    h("div.table-head", {}, title, h("span.seat-label"), status, clock, moreBtn, more),
    room, invites, board);
  root.append(page);

  let info = null;
  try {
    info = await api.table(tableId);
  } catch (e) {
    board.append(h("p.error", {}, e.message));
    return;
  }
  const game = info.game;
  const data = await gameInfoInto(board, game); // the game's rules, contracts and cards
  if (!data) return;
  let mods;
  try {
    mods = await gameModules(data); // the game's board and summary modules
  } catch (e) {
    board.append(h("p.error", {}, e.message));
    return;
  }
  title.textContent = t("{game} · table {table}", { game: data.title, table: tableId });
  rulesLine.textContent = rulesInShort(data, info.rules); // in words, as the rules screen says
  rulesLine.title = rulesInFull(data, info.rules);
  if (token && !seatAt(tableId)) rememberSeat(tableId, { token, game, seat: -1 });

  let last = null;
  const ctx = {
    token,
    game: data,
    summary: mods.summary, // the game's end-of-game summary (result.js shows it)
    me: null,
    seats: info.seats,
    name: (seat) => seatName(ctx.seats, seat, ctx.me),
    guest: (seat) => guestMark(ctx.seats, seat), // beside a name where the players are listed
    // the last refusal of this seat's move, shown by the board beside its prompt (never over
    // the hand); it goes with the next action or the next state
    refusal: null,
    act: (action) => {
      if (!last) return;
      ctx.refusal = null;
      if (!conn.send({ type: "act", action, version: last.version })) toast(t("Not connected — reconnecting…"));
    },
  };
  const look = tableLook(data, mods.board, board); // table_look.js: motion, sound, your-turn notice, switches
  more.append(look.bar());
  const send = ctx.act;
  ctx.act = look.guard(send);
  ctx.rematch = rematchPanel(tableId, token, ctx, game); // "Play again", under the result
  // the side panels: a side column on a wide screen, drawers behind a tab bar on a phone
  const tabs = panelTabs(page, board, () => { if (last && !board.hidden) boardApi.update(last); });
  page.append(tabs.bar, tabs.backdrop);
  ctx.tabs = tabs;
  const boardApi = mods.board.mount(board, ctx);
  const chat = mountChat(page, { send: (m) => conn.send(m), host: info.host, head: page.querySelector(".table-head") });

  const onMessage = (msg) => {
    if (chat.handle(msg)) return; // chat messages, and the errors a chat message caused
    if (msg.type === "state") {
      if (ctx.refusal && ctx.refusal.version !== msg.version) ctx.refusal = null;
      last = msg;
      ctx.me = msg.seat;
      ctx.seats = msg.seats && msg.seats.length ? msg.seats : ctx.seats;
      if (msg.seat !== null && msg.seat !== undefined) {
        rememberSeat(tableId, { token, game, seat: msg.seat });
        page.querySelector(".seat-label").textContent = t("You: seat {n}", { n: msg.seat + 1 });
      } else {
        page.querySelector(".seat-label").textContent = t("Spectator");
      }
      renderInvites(invites, tableId, msg.status === "abandoned" ? [] : ctx.seats); // a cancelled table invites nobody
      deadlines = msg.deadlines || [];
      tick();
      leave.hidden = msg.seat === null || msg.seat === undefined || msg.view.over || msg.status === "abandoned";
      // the waiting room: no board (nobody moves) until every seat is taken or the host starts
      const waiting = msg.status === "waiting" || msg.status === "abandoned";
      room.hidden = !waiting;
      board.hidden = waiting;
      page.dataset.status = msg.status || "playing";
      if (waiting) {
        renderRoom(room, tableId, token, info.host, msg, data);
        return;
      }
      ctx.results = msg.results || null; // the end of the game: each seat's result
      ctx.rematch.render();
      const snap = look.before();
      boardApi.update(msg);
      nameSeats(board, ctx);
      board.dataset.version = String(msg.version);
      look.after(snap, msg, send, ctx);
      tabs.sync();
    } else if (msg.type === "rematch-offer" || msg.type === "rematch") {
      ctx.rematch.update(msg);
    } else if (msg.type === "error") {
      if (msg.code === "stale-version") return; // the newer state is on its way
      const rule = msg.rule ? ` [${msg.rule}]` : "";
      if (INLINE_REFUSALS.has(msg.code) && last && !board.hidden) {
        ctx.refusal = { text: `${msg.message}${rule}`, code: msg.code, rule: msg.rule, version: last.version };
        boardApi.update(last);
      } else {
        toast(`${msg.message}${rule}`, "error");
      }
    }
  };
  const onStatus = (state, text) => {
    status.textContent = state === "open" ? t("connected") : state === "lost" ? t("reconnecting…") : text;
    status.className = `status ${state}`;
    if (state === "refused") fill(board, h("p.error", {}, text, " ", h("a", { href: "#/" }, t("To the lobby"))));
  };
  let deadlines = [];
  const tick = () => {
    const now = Date.now() / 1000;
    fill(clock, deadlines.map((d) => h("span.badge.timer", {}, `⏱ ${t("{name}: {seconds} s", { name: ctx.name(d.seat), seconds: Math.max(0, Math.ceil(d.at - now)) })}`)));
  };
  const ticker = setInterval(tick, 1000);
  leave.addEventListener("click", async () => {
    if (!confirm(t("Give up your seat? Whoever holds its invitation link can take it again."))) return;
    try {
      await api.leave(tableId, token);
      forgetSeat(tableId); // the token is revoked: the seat's invitation takes it again
      location.hash = "#/";
    } catch (e) {
      toast(e.message);
    }
  });
  const conn = new Connection(tableId, token, onMessage, onStatus);
  const onKey = (e) => {
    if (e.target.closest("input, select, textarea")) return;
    if (boardApi.key) boardApi.key(e);
  };
  document.addEventListener("keydown", onKey);
  // the phone's pop-ups from the head line (the settings, the chat's drawer) close by Escape,
  // the focus back on their button, and by a tap outside them
  const chatBox = page.querySelector(".chat");
  const narrow = window.matchMedia("(max-width: 1199.98px)");
  const onEscape = (e) => {
    if (e.key !== "Escape") return;
    if (moreBtn.getAttribute("aria-expanded") === "true") {
      foldMore(false);
      moreBtn.focus();
    } else if (chatBox && chatBox.open && narrow.matches) {
      chatBox.open = false;
      chatBox.querySelector("summary").focus();
    } else {
      return;
    }
    e.preventDefault();
    e.stopPropagation();
  };
  const onTap = (e) => {
    if (moreBtn.getAttribute("aria-expanded") === "true" && !e.target.closest(".table-head")) foldMore(false);
    if (chatBox && chatBox.open && narrow.matches && !e.target.closest(".chat")) chatBox.open = false;
  };
  document.addEventListener("keydown", onEscape, true);
  document.addEventListener("click", onTap);
  onLeave(() => {
    document.removeEventListener("keydown", onEscape, true);
    document.removeEventListener("click", onTap);
    clearInterval(ticker);
    conn.close();
    document.removeEventListener("keydown", onKey);
    look.leave();
    tabs.leave();
    if (boardApi.destroy) boardApi.destroy();
  });
}

/**
 * A seat's name on the felt in its own span (tables.css cuts a long one short with an
 * ellipsis, its badges kept in sight) with the full name as its title: a board that draws the
 * name as the first text of a ``.seat-name`` inside an element with ``data-seat`` (King's
 * seat boxes). The text stays whole in the page, so a screen reader reads the full name.
 */
function nameSeats(board, ctx) {
  for (const el of board.querySelectorAll("[data-seat] .seat-name")) {
    const first = el.firstChild;
    if (!first || first.nodeType !== Node.TEXT_NODE || !first.textContent.trim()) continue;
    const seat = Number(el.closest("[data-seat]").dataset.seat);
    const who = h("span.seat-who", { title: Number.isInteger(seat) ? ctx.name(seat) : first.textContent }, first.textContent);
    el.replaceChild(who, first);
  }
}

function renderRoom(room, tableId, token, host, msg, data) {
  if (msg.status === "abandoned") {
    fill(room, h("h2", {}, t("Table closed")), h("p", {}, t("The host cancelled this table before it started.")),
      h("a.button", { href: "#/" }, t("To the lobby")));
    return;
  }
  const isHost = host !== null && host !== undefined && msg.seat === host;
  const free = msg.seats.filter((s) => s.kind === "human" && !s.taken).length;
  const people = h("ul.room-seats", {}, msg.seats.map((s) => h("li", { dataset: { seat: String(s.seat) } },
    `${t("Seat {n}", { n: s.seat + 1 })}: `,
    s.kind === "bot" ? t("Bot ({level})", { level: levelName(s.level) })
      : s.taken ? [s.name || t("a player"), seatMarks(msg.seats, s.seat, host), s.connected ? "" : ` · ${t("away")}`]
        : t("waiting for a player…"))));
  const parts = [h("h2", {}, t("Waiting room")),
    h("p", {}, isHost ? t("The game starts when every seat is taken ({n} free), or when you start it.", { n: free })
      : t("The game starts when every seat is taken ({n} free).", { n: free })),
    people];
  if (isHost) {
    const level = h("select#fill-level", { "aria-label": t("Bot level for the free seats") },
      (data.levels || ["random", "basic", "strong"]).map((l) => h("option", { value: l, selected: l === "basic" }, levelName(l))));
    const act = (fn) => async (e) => {
      e.target.disabled = true;
      try { await fn(); } catch (err) { toast(err.message); e.target.disabled = false; }
    };
    parts.push(h("div.actions", {},
      h("label.field", {}, `${t("Fill the free seats with bots:")} `, level),
      h("button#start-now", { onClick: act(() => api.start(tableId, token, level.value)) }, t("Start now")),
      h("button#cancel-table.secondary", {
        onClick: act(async () => {
          if (!confirm(t("Cancel this table? Nobody can join it any more."))) throw new Error(t("Not cancelled."));
          await api.cancel(tableId, token);
          forgetSeat(tableId);
        }),
      }, t("Cancel table"))));
  } else {
    parts.push(h("p.muted", {}, t("The host may start at any time, filling the free seats with bots.")));
  }
  fill(room, ...parts);
}

function renderInvites(box, tableId, seats) {
  const held = seatAt(tableId);
  const free = new Set(seats.filter((s) => s.kind === "human" && !s.taken).map((s) => s.seat));
  const open = ((held && held.invites) || []).filter((i) => free.has(i.seat));
  if (!open.length) { fill(box); return; }
  fill(box, h("details.panel.invite-box", { open: true },
    h("summary", {}, tn("Invite friends ({n} free seat)", "Invite friends ({n} free seats)", open.length)),
    h("ul", {}, open.map((i) => {
      const link = `${location.origin}/#/join/${tableId}/${i.invite}`;
      return h("li", {}, `${t("Seat {n}", { n: i.seat + 1 })}: `,
        h("input.invite-link", { value: link, readOnly: true, "aria-label": t("Invitation link for seat {n}", { n: i.seat + 1 }), onFocus: (e) => e.target.select() }),
        h("button.secondary", {
          onClick: async () => {
            try { await navigator.clipboard.writeText(link); toast(t("Link copied."), "info", 1500); }
            catch { toast(t("Select the link and copy it."), "info"); }
          },
        }, t("Copy")),
        inviteByName(tableId, i.seat, i.invite));
    }))));
}
