// The replay of a finished game (#/replay/ID, or #/replay/ID/N for seat N's point of view):
// step through it version by version — first, previous, next, last, a slider, autoplay at a
// chosen speed, the arrow keys — from one seat's point of view (its own view, as it was) or
// with every hand open. The board is the game's own (its board module, as /api/games names
// it), shown read-only, with what the board module's openHands shows beside it; the move
// list says who did what, and for each move of the viewed seat
// the strong bot's review (its preferred move and the estimated difference), on demand.
// Also the "Recent games" list that the lobby and the statistics pages show.

import { api } from "./api.js";
import { fill, h, toast } from "./dom.js";
import { gameInfoInto, gameModules } from "./games.js";
import { dateTime, lazy, number, t } from "./i18n.js";
import { autoplayStart, autoplayStep, clampStep, deed, keyStep, markKey, markStep, ViewCache, viewKey } from "./replay_steps.js";

// Every text a player reads here, in one place.
const TEXT = lazy(() => ({
  loading: t("Loading the replay…"),
  title: (game, id) => t("Replay · {game} · table {table}", { game, table: id }),
  back: t("To the lobby"),
  first: t("First"), prev: t("Previous"), next: t("Next"), last: t("Last"),
  play: `▶ ${t("Autoplay")}`, pause: `⏸ ${t("Pause")}`, speed: t("Speed"), slider: t("Position in the game"),
  pov: t("Point of view"), open: t("All hands open"),
  seat: (s, name) => t("Seat {n}: {name}", { n: s + 1, name }),
  position: (v, last) => (v === 0 ? t("Start · 0 of {last} moves", { last }) : t("Move {n} of {last}", { n: v, last })),
  keys: t("← → step · Home / End: first and last"),
  markKeys: t("Shift + ← →: trick · Page Up / Page Down: deal"),
  prevTrick: t("Previous trick"), nextTrick: t("Next trick"), prevDeal: t("Previous deal"), nextDeal: t("Next deal"),
  moves: t("Moves"), start: t("The start"), timer: t("by the turn timer"),
  review: t("Review"), reviewing: t("The strong bot is thinking…"),
  agrees: t("The strong bot would play the same."),
  prefers: (words, diff) => (diff === null ? t("The strong bot's pick: {move}.", { move: words })
    : t("The strong bot's pick: {move} ({diff} points better by its estimate).", { move: words, diff })),
  noReview: t("No review for this game: its strong bot cannot explain its decisions."),
  hands: t("Open: what the players could not see"),
  recent: t("Recent games"), noRecent: t("No game has finished yet."), more: t("More"), replay: t("Replay"),
  seatOf: (n) => t("Seat {n}", { n }),
  speeds: { slow: t("slow"), normal: t("normal"), fast: t("fast"), fastest: t("fastest") },
}));
const SPEEDS = [["slow", 1600], ["normal", 800], ["fast", 350], ["fastest", 120]];
const KEPT = 400; // views kept in the browser

export async function showReplay({ root, onLeave }, tableId, seatArg) {
  const head = h("h1.replay-title", {}, TEXT.loading);
  const page = h("section.replay-page", {}, head);
  root.append(page);
  let first;
  try {
    first = await api.replay(tableId, { version: 0, steps: true });
  } catch (e) {
    page.append(h("p.error#replay-error", {}, e.message, " ", h("a", { href: "#/" }, TEXT.back)));
    return;
  }
  const data = await gameInfoInto(page, first.game);
  if (!data) return;
  let mods;
  try {
    mods = await gameModules(data);
  } catch (e) {
    page.append(h("p.error", {}, e.message));
    return;
  }
  head.textContent = TEXT.title(first.title, tableId);
  const last = first.last;
  const steps = first.steps;
  const names = first.seats.map((s) => s.name);
  const n = Number(seatArg);
  let seat = Number.isInteger(n) && n >= 1 && n <= names.length ? n - 1 : null;
  let version = 0;
  let wanted = 0;
  const views = new ViewCache(KEPT);
  views.set(viewKey(null, 0), first.view);
  const reviews = new Map();
  let reviewable = true;

  // the controls
  const button = (id, label, onClick) => h(`button.secondary#${id}`, { type: "button", onClick }, label);
  const firstBtn = button("replay-first", `« ${TEXT.first}`, () => go(0));
  const prevBtn = button("replay-prev", `◀ ${TEXT.prev}`, () => go(version - 1));
  const nextBtn = button("replay-next", `${TEXT.next} ▶`, () => go(version + 1));
  const lastBtn = button("replay-last", `${TEXT.last} »`, () => go(last));
  // where tricks and deals end (the board module's replayMarks, from the steps' actions)
  const marks = mods.board.replayMarks ? mods.board.replayMarks(steps) : { trick: [], deal: [] };
  const markBtn = (id, label, list, dir) => (list.length
    ? button(id, label, () => go(markStep(list, version, dir, last))) : null);
  const markBtns = [
    markBtn("replay-prev-deal", `|◀◀ ${TEXT.prevDeal}`, marks.deal, -1),
    markBtn("replay-prev-trick", `◀◀ ${TEXT.prevTrick}`, marks.trick, -1),
    markBtn("replay-next-trick", `${TEXT.nextTrick} ▶▶`, marks.trick, 1),
    markBtn("replay-next-deal", `${TEXT.nextDeal} ▶▶|`, marks.deal, 1),
  ].filter(Boolean);
  const slider = h("input#replay-slider", { type: "range", min: 0, max: last, step: 1, value: 0,
    "aria-label": TEXT.slider, onInput: (e) => go(Number(e.target.value)) });
  const position = h("span#replay-position", { "aria-live": "polite" });
  const playBtn = h("button#replay-play", { type: "button", onClick: () => (playing ? stop() : play()) }, TEXT.play);
  const speed = h("select#replay-speed", { "aria-label": TEXT.speed, onChange: () => { if (playing) { stop(); play(); } } },
    SPEEDS.map(([label, ms]) => h("option", { value: String(ms), selected: label === "normal" }, TEXT.speeds[label])));
  const pov = h("select#replay-seat", { "aria-label": TEXT.pov, onChange: (e) => setSeat(e.target.value === "open" ? null : Number(e.target.value)) },
    h("option", { value: "open" }, TEXT.open),
    names.map((name, s) => h("option", { value: String(s) }, TEXT.seat(s, name))));
  pov.value = seat === null ? "open" : String(seat);
  const board = h("div.board.replay-board");
  const hands = h("section.side-panel#replay-hands", { hidden: true });
  const moves = h("ol.replay-moves#replay-moves", { start: 0 });
  page.append(
    h("div.replay-controls.panel", {},
      h("div.replay-buttons", {}, firstBtn, prevBtn, nextBtn, lastBtn, playBtn,
        h("label.field", {}, `${TEXT.speed} `, speed), h("label.field", {}, `${TEXT.pov} `, pov)),
      markBtns.length ? h("div.replay-buttons.replay-marks", {}, markBtns) : null,
      h("div.replay-track", {}, slider, position),
      h("p.muted.replay-keys", {}, TEXT.keys, markBtns.length ? ` · ${TEXT.markKeys}` : "")),
    h("div.replay-layout", {},
      h("div.replay-main", {}, board, hands),
      h("aside.replay-side", {}, h("section.side-panel", {}, h("h3", {}, TEXT.moves), moves))));

  // the board, read-only: the game's own renderer, mounted again for each point of view
  let boardApi = null;
  const mount = () => {
    if (boardApi && boardApi.destroy) boardApi.destroy();
    fill(board);
    boardApi = mods.board.mount(board, {
      token: null, game: data, summary: mods.summary, me: null, seats: first.seats, readOnly: true,
      name: (s) => names[s] || TEXT.seatOf(s + 1),
      act: () => {},
    });
  };

  const key = (v) => viewKey(seat, v);
  async function go(v) {
    v = clampStep(v, last);
    wanted = v;
    const k = key(v);
    let view = views.get(k);
    if (!view) {
      try {
        const query = { version: v, steps: false };
        if (seat !== null) query.seat = seat;
        view = (await api.replay(tableId, query)).view;
      } catch (e) {
        toast(e.message);
        stop();
        return;
      }
      views.set(k, view);
    }
    if (wanted !== v || key(v) !== k) return; // a later step (or another seat) was asked for
    version = v;
    show(view);
  }

  const show = (view) => {
    boardApi.update({ type: "state", version, seat, view, seats: first.seats, deadlines: [], status: "over" });
    board.dataset.version = String(version);
    page.dataset.version = String(version);
    slider.value = String(version);
    position.textContent = TEXT.position(version, last);
    firstBtn.disabled = prevBtn.disabled = version === 0;
    nextBtn.disabled = lastBtn.disabled = version === last;
    hands.hidden = seat !== null || !mods.board.openHands;
    if (!hands.hidden) fill(hands, h("h3", {}, TEXT.hands), mods.board.openHands(view, names, data));
    for (const li of moves.querySelectorAll("li.current")) li.classList.remove("current");
    const current = moves.querySelector(`li[data-version="${version}"]`);
    if (current) {
      current.classList.add("current");
      const box = moves.parentElement;
      if (current.offsetTop < box.scrollTop || current.offsetTop > box.scrollTop + box.clientHeight - 30) {
        box.scrollTop = current.offsetTop - box.clientHeight / 2;
      }
    }
  };

  // the move list: who did what; the viewed seat's moves can be reviewed
  const renderMoves = () => {
    fill(moves,
      h("li", { dataset: { version: "0" }, onClick: () => go(0) }, h("span.words", {}, TEXT.start)),
      steps.map((st) => h("li", { dataset: { version: String(st.version), seat: String(st.seat) }, class: st.seat === seat ? "viewed" : "" },
        h("span.words", { onClick: () => go(st.version) }, st.words, st.actor === "timer" ? h("span.muted", {}, ` (${TEXT.timer})`) : null),
        st.seat === seat && reviewable && !st.forced ? h("button.secondary.small.review-btn", { type: "button", onClick: (e) => review(st, e.target.closest("li")) }, TEXT.review) : null,
        reviewBox(st))));
  };
  const reviewBox = (st) => {
    const known = reviews.get(`${st.version - 1}:${st.seat}`);
    if (!known || st.seat !== seat) return null;
    return h("div.review", {}, known);
  };
  const review = async (st, li) => {
    go(st.version - 1); // the position the decision was taken in
    const k = `${st.version - 1}:${st.seat}`;
    const put = (text) => {
      reviews.set(k, text);
      const old = li.querySelector(".review");
      if (old) old.remove();
      li.append(h("div.review", {}, text));
    };
    if (reviews.has(k)) { put(reviews.get(k)); return; }
    put(TEXT.reviewing);
    try {
      const r = await api.analysis(tableId, st.version - 1, st.seat);
      const diff = r.difference === null || r.difference === undefined ? null
        : number(Number(r.difference), { minimumFractionDigits: 1, maximumFractionDigits: 1 });
      put(r.preferred === r.action ? TEXT.agrees : TEXT.prefers(deed(r.preferred_words, names[st.seat]), diff));
    } catch (e) {
      reviews.delete(k);
      if (e.status === 404) {
        reviewable = false;
        put(TEXT.noReview);
        for (const b of moves.querySelectorAll(".review-btn")) b.remove();
      } else {
        put(e.message);
        reviews.delete(k);
      }
    }
  };

  const setSeat = (s) => {
    seat = s;
    history.replaceState(null, "", `#/replay/${encodeURIComponent(tableId)}/${seat === null ? "open" : seat + 1}`);
    mount();
    renderMoves();
    go(version);
  };

  // autoplay: one step after another at the chosen speed, until the end
  let playing = false;
  let timer = null;
  const tick = async () => {
    if (!playing) return;
    const next = autoplayStep(version, last);
    if (next === null) { stop(); return; }
    await go(next);
    if (playing) timer = setTimeout(tick, Number(speed.value));
  };
  function play() {
    if (autoplayStart(version, last) !== version) go(autoplayStart(version, last));
    playing = true;
    playBtn.textContent = TEXT.pause;
    playBtn.setAttribute("aria-pressed", "true");
    timer = setTimeout(tick, Number(speed.value));
  }
  function stop() {
    playing = false;
    clearTimeout(timer);
    playBtn.textContent = TEXT.play;
    playBtn.setAttribute("aria-pressed", "false");
  }

  const onKey = (e) => {
    if (e.target.closest && e.target.closest("input, select, textarea")) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const to = markKey(e, version, last, marks) ?? (e.shiftKey ? undefined : keyStep(e.key, version, last));
    if (to === undefined) return;
    e.preventDefault();
    go(to);
  };
  document.addEventListener("keydown", onKey);
  onLeave(() => {
    stop();
    document.removeEventListener("keydown", onKey);
    if (boardApi && boardApi.destroy) boardApi.destroy();
  });

  mount();
  renderMoves();
  go(0);
}

/** The "Recent games" panel, each game linking to its replay; query: {player} for one player's. */
export function recentGames(query = {}, heading = TEXT.recent) {
  const list = h("ul.recent-list");
  const more = h("button.secondary.small.recent-more", { type: "button", hidden: true }, TEXT.more);
  const box = h("section.panel.recent-games#recent-games", {}, h("h2", {}, heading), list, more);
  let cursor = null;
  const load = async () => {
    more.disabled = true;
    try {
      const q = { limit: 10 };
      if (query.player) q.player = query.player;
      if (cursor) q.cursor = cursor;
      const { games, next } = await api.recent(q);
      if (!games.length && !list.children.length) list.append(h("li.muted", {}, TEXT.noRecent));
      for (const g of games) list.append(recentItem(g));
      cursor = next;
      more.hidden = !next;
    } catch (e) {
      list.append(h("li.error", {}, e.message));
    }
    more.disabled = false;
  };
  more.addEventListener("click", load);
  load();
  return box;
}

function recentItem(g) {
  const when = dateTime(g.finished_at);
  return h("li", { dataset: { table: g.id } },
    h("a.button.small.replay-link", { href: `#/replay/${encodeURIComponent(g.id)}` }, TEXT.replay), " ",
    h("strong", {}, g.title), " · ",
    g.seats.map((s, i) => [i ? ", " : "", h("span", { class: g.winners.includes(s.seat) ? "winner" : "" }, `${s.name} ${s.score}`)]),
    h("span.muted", {}, ` · ${when}`));
}
