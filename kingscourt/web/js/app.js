// The client's entry point: a hash router over the lobby, the new-table screen, a table,
// the invitation page and the statistics pages, in the player's language (i18n.js).

import { clear, h } from "./dom.js";
import { showLobby } from "./lobby.js";
import { showSetup } from "./setup.js";
import { showTable } from "./table.js";
import { showInvite } from "./invite.js";
import { showLeaderboard, showPlayer } from "./stats.js";
import { loadAccount, renderNav, showAccount } from "./account.js";
import { showProfile } from "./profile.js";
import { showReplay } from "./replay.js";
import { showTournament } from "./tournament.js";
import { showTournamentSetup } from "./tournament_setup.js";
import { languageSwitch, onLanguage, startLanguage, t } from "./i18n.js";
import { rememberSeat, seatAt } from "./store.js";

const root = document.getElementById("app");
let leaving = null; // the current page's clean-up (closes a table's WebSocket)

function route() {
  if (leaving) { leaving(); leaving = null; }
  clear(root);
  window.scrollTo(0, 0);
  const hash = decodeURIComponent(location.hash.replace(/^#\/?/, ""));
  const [page, ...rest] = hash.split("/");
  const ctx = { root, onLeave: (fn) => { leaving = fn; } };
  try {
    if (!page) showLobby(ctx);
    else if (page === "new") showSetup(ctx, rest[0] || null);
    else if (page === "table") showTable(ctx, rest[0], seatToken(rest[0], rest[1]));
    else if (page === "join") showInvite(ctx, rest[0], rest[1]);
    else if (page === "leaderboard") showLeaderboard(ctx);
    else if (page === "player") showPlayer(ctx, rest.join("/"));
    else if (page === "account") showAccount(ctx);
    else if (page === "profile") showProfile(ctx, rest.join("/"));
    else if (page === "replay") showReplay(ctx, rest[0], rest[1] || null);
    else if (page === "tournament") showTournament(ctx, rest[0], rest[1] || null);
    else if (page === "new-tournament") showTournamentSetup(ctx, rest[0] || null);
    else root.append(h("p", {}, t("No such page."), " ", h("a", { href: "#/" }, t("To the lobby"))));
  } catch (e) {
    root.append(h("p.error", {}, String(e)));
  }
}

// A table's address names the table only (#/table/ID): whoever the address reaches (a
// shared screen, a copied link, the history) must not play the seat. The seat's token lives
// in localStorage under the table's id (store.js), so a reload rejoins the seat and another
// browser opening the same address watches. The old form #/table/ID/TOKEN still opens the
// seat: its token moves into storage and the address is rewritten at once.
function seatToken(tableId, fromAddress) {
  if (fromAddress) {
    rememberSeat(tableId, { token: fromAddress });
    history.replaceState(history.state, "", `#/table/${encodeURIComponent(tableId)}`);
  }
  const held = seatAt(tableId);
  return held && held.token ? held.token : null;
}

// the header's menu: folded behind one button on a phone (app.css), closed again by each page
const menu = document.getElementById("menu-toggle");
const foldMenu = (open) => {
  menu.setAttribute("aria-expanded", String(open));
  menu.closest(".topnav").classList.toggle("open", open);
};
menu.addEventListener("click", () => foldMenu(menu.getAttribute("aria-expanded") !== "true"));
// Escape or a tap outside the header folds it again; Escape gives the focus back to its button
document.addEventListener("keydown", (e) => {
  if (e.key !== "Escape" || menu.getAttribute("aria-expanded") !== "true") return;
  e.preventDefault();
  e.stopImmediatePropagation(); // a table's drawer or board waits
  foldMenu(false);
  menu.focus();
}, true);
document.addEventListener("click", (e) => {
  if (menu.getAttribute("aria-expanded") === "true" && !e.target.closest(".topnav")) foldMenu(false);
});

window.addEventListener("hashchange", () => { foldMenu(false); route(); });
// the language first (its catalogue), then who is logged in, then the first page; a switch
// of language draws the header and the current screen again
startLanguage().finally(() => {
  document.getElementById("lang-box").append(languageSwitch());
  onLanguage(() => { renderNav(); route(); });
  loadAccount().finally(route);
});
