// The invitation link #/join/{table}/{invite}: take the seat under your name. The invitation
// only joins: joining answers with a token of your own, the one that plays.

import { api, lobbyFeed } from "./api.js";
import { fill, h, toast } from "./dom.js";
import { playerName, rememberSeat, seatAt, setPlayerName } from "./store.js";
import { t } from "./i18n.js";
import { levelName } from "./names.js";

export async function showInvite({ root, onLeave }, tableId, invite) {
  const box = h("section.panel", {}, h("h1", {}, t("Invitation")), h("p.muted", {}, t("Loading the table…")));
  root.append(box);
  const input = h("input#join-name", { value: playerName(), placeholder: t("Your name"), maxLength: 24, required: true });
  const draw = async () => {
    let info;
    try {
      info = await api.table(tableId);
    } catch (e) {
      fill(box, h("h1", {}, t("Invitation")), h("p.error", {}, e.message));
      return;
    }
    fill(box, ...invitation(info, tableId, invite, input));
  };
  await draw();
  // the seat may go meanwhile (the host starts with bots, cancels): the page follows
  const stop = lobbyFeed((what) => { if (what.includes("tables")) draw(); });
  if (onLeave) onLeave(stop);
}

function invitation(info, tableId, invite, input) {
  const form = h("form.join", {
    onSubmit: async (e) => {
      e.preventDefault();
      const name = input.value.trim();
      if (!name) { toast(t("Enter your name first.")); return; }
      setPlayerName(name);
      try {
        const result = await api.join(tableId, invite, name);
        rememberSeat(tableId, { token: result.token, seat: result.seat, game: info.game });
        location.hash = `#/table/${tableId}`;
      } catch (err) {
        const held = seatAt(tableId);
        if (err.status === 409 && held && held.token) {
          // the seat is held already: if by this browser, it simply returns there
          location.hash = `#/table/${tableId}`;
        } else {
          toast(err.message);
        }
      }
    },
  }, h("label", {}, `${t("Your name")} `, input), h("button", { type: "submit" }, t("Take the seat")));
  const others = info.seats.map((s) => (s.kind === "bot" ? t("Bot {n} ({level})", { n: s.seat + 1, level: levelName(s.level) })
    : s.name ? `${s.name}${s.guest ? ` ${t("(guest)")}` : ""}` : t("free seat"))).join(", ");
  const live = info.status === "waiting" || info.status === "playing";
  const held = seatAt(tableId);
  // an invitation is good for a free seat only: none is left once every seat is taken
  const seatFree = live && (info.free_seats || []).length > 0;
  let end;
  if (seatFree) end = form;
  else if (live && held && held.token) end = h("p", {}, h("a.button", { href: `#/table/${tableId}` }, t("Your seat")));
  else if (live) {
    end = h("p.invitation-gone", {}, t("Every seat of this table is taken: the invitation has lapsed."), " ",
      h("a.button.secondary", { href: `#/table/${tableId}` }, t("Watch")));
  } else {
    end = h("p.invitation-gone", {}, info.status === "abandoned" ? t("This table was closed.") : t("This game is over."));
  }
  return [
    h("h1", {}, t("Invitation to {game}", { game: info.title })),
    h("p", {}, t("Table {table}: {seats}.", { table: info.id, seats: others })),
    end];
}
