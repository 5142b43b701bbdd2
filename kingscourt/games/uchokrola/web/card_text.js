// A card's text opened by a tap (touch screens have no hover), a click or Enter: any element
// with data-text (Ucho Króla's cards) opens a small panel with its name, kind, prestige and
// text; a tap elsewhere or Escape closes it. Installed once for the whole page.

import { lazy, t } from "/web/js/i18n.js";

// the kinds of Ucho Króla's cards; the card "Ucho Króla" keeps its Polish name
const KIND = lazy(() => ({ character: t("Character"), intrigue: t("Intrigue"), buffoonery: t("Buffoonery"),
  special: t("Special"), ucho: "Ucho Króla", unknown: "" }));

let pop = null;
let owner = null;

export function closeCardText() {
  if (pop) pop.remove();
  pop = null;
  owner = null;
}

export function openCardText(el) {
  closeCardText();
  owner = el;
  pop = document.createElement("div");
  pop.className = "card-text-pop";
  pop.id = "card-text";
  pop.setAttribute("role", "dialog");
  pop.setAttribute("aria-label", el.dataset.name || t("card"));
  const head = document.createElement("h4");
  head.textContent = el.dataset.name || "";
  const kind = document.createElement("div");
  kind.className = "kind";
  const p = el.dataset.prestige;
  kind.textContent = [KIND[el.dataset.kind] || "", p ? t("{n} prestige", { n: Number(p) }) : ""].filter(Boolean).join(" · ");
  const text = document.createElement("p");
  text.textContent = el.dataset.text;
  pop.append(head, kind, text);
  document.body.append(pop);
  const r = el.getBoundingClientRect();
  const w = pop.offsetWidth;
  const hgt = pop.offsetHeight;
  const left = Math.max(4, Math.min(window.innerWidth - w - 4, r.left + r.width / 2 - w / 2));
  const below = r.bottom + 6 + hgt < window.innerHeight;
  pop.style.left = `${left}px`;
  pop.style.top = `${below ? r.bottom + 6 : Math.max(4, r.top - hgt - 6)}px`;
}

function install() {
  document.addEventListener("click", (e) => {
    const el = e.target.closest && e.target.closest("[data-text]");
    if (el && !el.closest("button")) {
      if (owner === el) closeCardText(); else openCardText(el);
      return;
    }
    if (pop && !pop.contains(e.target)) closeCardText();
  });
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && pop) closeCardText();
    else if ((e.key === "Enter" || e.key === " ") && e.target.dataset && e.target.dataset.text) {
      openCardText(e.target);
      e.preventDefault();
    }
  });
  window.addEventListener("hashchange", closeCardText);
}

install();
