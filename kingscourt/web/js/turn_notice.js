// Your turn, noticed in a background tab: the tab's title and icon change while the page is
// hidden and it is your move, and return when the page is seen again or the turn has passed.

import { t } from "./i18n.js";

const mark = () => `● ${t("Your turn")} — `; // player-facing
const ICON_TURN = "data:image/svg+xml," + encodeURIComponent(
  "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'><circle cx='8' cy='8' r='7' fill='#d4a017' stroke='#7a5a00'/></svg>");

let waiting = false; // it is your move
let plainTitle = null;
let plainIcon = null;

function iconLink() {
  let link = document.querySelector("link[rel~='icon']");
  if (!link) {
    link = document.createElement("link");
    link.rel = "icon";
    document.head.append(link);
  }
  return link;
}

function show() {
  const on = waiting && document.hidden;
  const MARK = mark();
  const marked = document.title.startsWith(MARK);
  const link = iconLink();
  if (on && !marked) {
    plainTitle = document.title;
    plainIcon = link.getAttribute("href");
    document.title = MARK + plainTitle;
    link.setAttribute("href", ICON_TURN);
    document.documentElement.dataset.turnNotice = "on";
  } else if (!on && marked) {
    document.title = plainTitle ?? document.title.slice(MARK.length);
    link.setAttribute("href", plainIcon || "data:,");
    delete document.documentElement.dataset.turnNotice;
  }
}

/** Tell the notice whether it is your move now (each new state); null when off the table. */
export function yourTurn(on) {
  waiting = Boolean(on);
  show();
}

document.addEventListener("visibilitychange", show);
