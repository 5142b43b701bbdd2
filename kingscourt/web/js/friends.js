// Friends in the lobby: invitations to you, the players you follow (online or not, their open
// tables) and a form to follow one by name; and, in the waiting room, inviting an account to a
// free seat by name.

import { api, request } from "./api.js";
import { fill, h, toast } from "./dom.js";
import { account } from "./account.js";
import { rememberSeat } from "./store.js";
import { lazy, t } from "./i18n.js";

// a table's status as the lobby says it
const STATUS = lazy(() => ({ waiting: t("waiting for players"), playing: t("playing") }));

const T = lazy(() => ({
  friends: t("Friends"),
  loginHint: t("Log in to follow friends, see who is online and get invitations by name."),
  logIn: t("Log in"),
  invitations: t("Invitations"),
  invitation: (i) => t("{from} invites you to seat {n} of a {game} table ({status}).",
    { from: i.from, n: i.seat + 1, game: i.title, status: STATUS[i.status] || i.status }),
  take: t("Take the seat"),
  decline: t("Decline"),
  noFriends: t("You follow nobody yet."),
  online: t("online"),
  offline: t("offline"),
  watch: t("Watch"),
  joinSeat: (n) => t("Join seat {n}", { n }),
  tableLine: (table) => `${table.title}, ${STATUS[table.status] || table.status}`,
  follow: t("Follow"),
  followName: t("Player name"),
  unfollow: t("Unfollow"),
  followed: (n) => t("You follow {name}.", { name: n }),
  inviteName: t("Account name"),
  invite: t("Invite by name"),
  invited: (n) => t("Invitation sent to {name}: it shows in their lobby.", { name: n }),
  inviteNameSeat: (n) => t("Account name (seat {n})", { n }),
}));

export const friendsApi = {
  friends: () => request("GET", "/api/me/friends"),
  follow: (name) => request("POST", "/api/me/following", { name }),
  unfollow: (name) => request("DELETE", `/api/me/following/${encodeURIComponent(name)}`),
  invitations: () => request("GET", "/api/me/invitations"),
  accept: (path) => request("POST", path, {}),
  decline: (id) => request("DELETE", `/api/invitations/${encodeURIComponent(id)}`),
  invite: (table, seat, name, invite) => request("POST", "/api/invitations", { table, seat, name, invite }),
};

/** The lobby's friends panel (loads itself). */
export function friendsPanel() {
  const panel = h("section.panel.friends#friends", {}, h("h2", {}, T.friends));
  if (!account()) {
    panel.append(h("p.muted", {}, T.loginHint, " ", h("a", { href: "#/account" }, T.logIn)));
    return panel;
  }
  const invitesBox = h("div.invitations");
  const listBox = h("div.friend-list");
  const name = h("input#follow-name", { placeholder: T.followName, maxLength: 24, "aria-label": T.followName });
  const form = h("form.follow", {
    onSubmit: async (e) => {
      e.preventDefault();
      try {
        const who = await friendsApi.follow(name.value.trim());
        name.value = "";
        toast(T.followed(who.name), "info", 2000);
        load();
      } catch (err) { toast(err.message); }
    },
  }, name, h("button", { type: "submit" }, T.follow));
  panel.append(invitesBox, listBox, form);
  const load = async () => {
    try {
      const [invitations, friends] = await Promise.all([friendsApi.invitations(), friendsApi.friends()]);
      fill(invitesBox, invitations.length ? [h("h3", {}, T.invitations), h("ul#invitations", {}, invitations.map(invitationItem))] : null);
      fill(listBox, friends.length ? h("ul#friend-list", {}, friends.map((f) => friendItem(f, load))) : h("p.muted", {}, T.noFriends));
    } catch (err) {
      fill(listBox, h("p.error", {}, err.message));
    }
  };
  load();
  panel.reload = load; // the live lobby calls it when invitations or friends change
  return panel;
}

function invitationItem(i) {
  return h("li", { dataset: { invitation: i.id, table: i.table } }, T.invitation(i), " ",
    h("button.take-invitation", {
      onClick: async () => {
        try {
          const taken = await friendsApi.accept(i.accept);
          rememberSeat(i.table, { token: taken.token, seat: taken.seat, game: i.game });
          location.hash = `#/table/${i.table}`;
        } catch (err) { toast(err.message); }
      },
    }, T.take), " ",
    h("button.secondary", {
      onClick: async (e) => {
        try { await friendsApi.decline(i.id); e.target.closest("li").remove(); } catch (err) { toast(err.message); }
      },
    }, T.decline));
}

function friendItem(f, reload) {
  return h("li", { dataset: { friend: f.name } },
    h("a", { href: `#/profile/${encodeURIComponent(f.name)}` }, f.name),
    h(f.online ? "span.badge.online" : "span.badge.wait", {}, f.online ? T.online : T.offline), " ",
    h("button.secondary.small", {
      onClick: async () => { try { await friendsApi.unfollow(f.name); reload(); } catch (err) { toast(err.message); } },
    }, T.unfollow),
    f.tables.length ? h("ul", {}, f.tables.map((t) => h("li", { dataset: { table: t.id } }, T.tableLine(t), " ",
      h("a.button.secondary", { href: `#/table/${t.id}` }, T.watch), " ",
      ...(t.open_seats || []).map((seat) => h("button.secondary", {
        onClick: async () => {
          try {
            const taken = await api.take(t.id, seat, account() ? account().name : "");
            rememberSeat(t.id, { token: taken.token, seat: taken.seat, game: t.game });
            location.hash = `#/table/${t.id}`;
          } catch (err) { toast(err.message); }
        },
      }, T.joinSeat(seat + 1)))))) : null);
}

/** In the waiting room: invite an account by name to a free seat (with the seat's invitation). */
export function inviteByName(tableId, seat, invite) {
  if (!account()) return null;
  const name = h("input.invite-name", { placeholder: T.inviteName, maxLength: 24, "aria-label": T.inviteNameSeat(seat + 1) });
  return h("form.invite-by-name", {
    onSubmit: async (e) => {
      e.preventDefault();
      try {
        const made = await friendsApi.invite(tableId, seat, name.value.trim(), invite);
        toast(T.invited(name.value.trim()), "info", 2500);
        name.value = "";
        return made;
      } catch (err) { toast(err.message); }
      return null;
    },
  }, name, h("button.secondary", { type: "submit" }, T.invite));
}
