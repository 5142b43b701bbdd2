// A table's side panels on a phone, upright or sideways: a tab bar under the board (a column
// at its side when the phone is held sideways) with one button per panel, each opening its
// panel as a drawer over the table; a button in it, Escape and a tap outside close it, and
// the focus goes into the drawer and back to its tab. On a wide screen the panels stay the
// side column they are and the bar is hidden (tables.css).
//
// A board names its side panels with data-tab (a key) and data-tab-label (the tab's words,
// in the player's language): the bar lists the panels the board drew, in its order. Boards
// draw themselves again at every state; the open drawer stays open across that (a
// MutationObserver puts its marks back before the next paint). A log in a panel marked
// data-scroll-end is scrolled to its newest line when its drawer opens or is drawn again.

import { fill, h } from "./dom.js";
import { t } from "./i18n.js";

/** A phone: narrow (upright) or short (sideways); the same query as the style sheets'. */
export const PHONE = "(max-width: 700px), (max-height: 500px)";

export function isPhone() {
  return window.matchMedia(PHONE).matches;
}

/** The tab bar of ``page``'s side panels found in ``board``; ``onPhone(on)`` is called when
 * the screen turns from a phone to a wide one or back (the board may draw other panels). */
export function panelTabs(page, board, onPhone) {
  const phone = window.matchMedia(PHONE);
  const bar = h("nav.table-tabs#table-tabs", { "aria-label": t("Table panels"), hidden: true });
  const backdrop = h("div.drawer-backdrop", { hidden: true, onClick: () => close() });
  let open = null; // the key of the open panel
  let signature = "";
  let focusInside = false; // the focus was in the open drawer (kept when the board redraws it)
  let scrolled = 0; // how far the open drawer was scrolled (kept as well)

  const panels = () => (phone.matches && page.dataset.status === "playing"
    ? [...board.querySelectorAll("[data-tab]")] : []);
  const tabOf = (key) => bar.querySelector(`.tab[data-tab-key="${key}"]`);

  const close = (back = true) => {
    if (!open) return;
    const key = open;
    open = null;
    focusInside = false;
    sync();
    if (back && tabOf(key)) tabOf(key).focus();
  };
  const show = (key) => {
    open = key;
    scrolled = 0;
    sync();
    const panel = board.querySelector(".drawer-open");
    if (panel) {
      toEnd(panel);
      panel.querySelector(".drawer-close").focus();
      focusInside = true;
    }
  };
  const toggle = (key) => (open === key ? close() : show(key));

  // a log that reads downwards (data-scroll-end: Ucho Króla's narration) shows its newest line
  const toEnd = (panel) => { for (const el of panel.querySelectorAll("[data-scroll-end]")) el.scrollTop = el.scrollHeight; };
  const decorate = (panel) => {
    panel.setAttribute("role", "dialog");
    panel.setAttribute("aria-label", panel.dataset.tabLabel);
    if (!panel.querySelector(":scope > .drawer-close")) { // a panel drawn anew
      if (scrolled) panel.scrollTop = scrolled;
      toEnd(panel);
      panel.prepend(h("button.secondary.small.drawer-close", { type: "button", onClick: () => close() },
        h("span", { "aria-hidden": "true" }, "✕ "), t("Close")));
    }
  };

  function sync() {
    const list = panels();
    if (open && !list.some((p) => p.dataset.tab === open)) { open = null; focusInside = false; }
    const sig = list.map((p) => `${p.dataset.tab}:${p.dataset.tabLabel}`).join("|");
    if (sig !== signature) {
      signature = sig;
      fill(bar, list.map((p) => h("button.secondary.small.tab", {
        type: "button", dataset: { tabKey: p.dataset.tab }, "aria-controls": p.id || null,
        "aria-expanded": "false", onClick: () => toggle(p.dataset.tab),
      }, p.dataset.tabLabel)));
    }
    bar.hidden = !list.length;
    for (const b of bar.querySelectorAll(".tab")) b.setAttribute("aria-expanded", String(b.dataset.tabKey === open));
    for (const p of list) {
      const shown = p.dataset.tab === open;
      if (p.classList.contains("drawer-open") !== shown) p.classList.toggle("drawer-open", shown);
      if (shown) decorate(p);
    }
    backdrop.hidden = !open;
    page.classList.toggle("drawer-shown", Boolean(open));
    // the board drew the open drawer again: the focus that was in it goes back into it
    if (open && focusInside) {
      const active = document.activeElement;
      const panel = board.querySelector(".drawer-open");
      if (panel && (!active || active === document.body || !active.isConnected)) panel.querySelector(".drawer-close").focus();
    }
  }

  const observer = new MutationObserver(() => sync());
  observer.observe(board, { childList: true, subtree: true });
  const onScroll = (e) => { if (e.target instanceof Element && e.target.classList.contains("drawer-open")) scrolled = e.target.scrollTop; };
  const onFocus = (e) => { focusInside = Boolean(open && e.target.closest && e.target.closest(".drawer-open")); };
  const onKey = (e) => {
    if (e.key !== "Escape" || !open) return;
    e.preventDefault();
    e.stopPropagation(); // the board's own Escape waits
    close();
  };
  const onChange = () => {
    open = null;
    focusInside = false;
    if (onPhone) onPhone(phone.matches);
    sync();
  };
  document.addEventListener("focusin", onFocus);
  document.addEventListener("scroll", onScroll, true);
  document.addEventListener("keydown", onKey, true);
  phone.addEventListener("change", onChange);

  return {
    bar,
    backdrop,
    sync,
    toggle,
    close,
    /** The keys of the panels listed now (a phone's table while playing), in order. */
    keys: () => panels().map((p) => p.dataset.tab),
    leave() {
      observer.disconnect();
      document.removeEventListener("focusin", onFocus);
      document.removeEventListener("scroll", onScroll, true);
      document.removeEventListener("keydown", onKey, true);
      phone.removeEventListener("change", onChange);
    },
  };
}
