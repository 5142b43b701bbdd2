// The player's language: the browser's strings from the server's catalogue (GET /api/i18n/{lang},
// the gettext domain "web", English msgids), t() and tn() to say them, numbers, dates and lists
// formatted by Intl in that language, and the switch in the header.
//
// The first language is the one remembered in localStorage, else the one the browser's
// Accept-Language prefers (GET /api/i18n without a code answers in it). Switching loads the
// other catalogue, remembers it, sets <html lang> and calls every onLanguage() listener (the
// router draws the current screen again; a table reconnects with ?lang=).
//
// Extraction (kingscourt/web_messages.py) collects the first argument of t("…") and the first
// two of tn("…", "…", n) from every module, and the text of each element with data-i18n in
// index.html: a msgid must be a literal string there, never built.

import { compilePlural } from "./plural.js";

const KEY = "kingscourt.lang";
const FALLBACK = { lang: "en", name: "English", languages: { en: "English" }, messages: {}, plural: "(n != 1)" };

let current = FALLBACK;
let pluralIndex = (n) => (n !== 1 ? 1 : 0);
let generation = 0; // grows with every catalogue loaded: lazy() texts are made again
const listeners = [];

/** The language now in use ("en", "de", "tr" or "pl"). */
export function lang() {
  return current.lang;
}

/** Every language offered: {code: its name in itself}. */
export function languages() {
  return current.languages;
}

function use(data) {
  current = { ...FALLBACK, ...data, messages: data.messages || {} };
  pluralIndex = compilePlural(current.plural);
  generation += 1;
  document.documentElement.lang = current.lang;
  translateStatic();
}

async function fetchCatalogue(code) {
  // the browser's own Accept-Language goes with the request without a code
  const response = await fetch(code ? `/api/i18n/${encodeURIComponent(code)}` : "/api/i18n");
  if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
  return response.json();
}

function remembered() {
  try { return localStorage.getItem(KEY); } catch { return null; }
}

/** Load the first catalogue: the remembered language, else the browser's. English on failure. */
export async function startLanguage() {
  const stored = remembered();
  try {
    use(await fetchCatalogue(stored));
  } catch {
    try { if (stored) use(await fetchCatalogue(null)); } catch { use(FALLBACK); }
  }
  return current.lang;
}

/** Switch to ``code``: load its catalogue, remember it and tell the listeners. */
export async function setLanguage(code) {
  const data = await fetchCatalogue(code);
  try { localStorage.setItem(KEY, data.lang); } catch { /* private mode */ }
  use(data);
  for (const fn of listeners) fn(current.lang);
  return current.lang;
}

/** fn(lang) after every switch of language. */
export function onLanguage(fn) {
  listeners.push(fn);
}

/** A number in the language's digits and separators (Intl). */
export function number(x, options = {}) {
  try { return new Intl.NumberFormat(current.lang, options).format(x); } catch { return String(x); }
}

/** A date (a Date, or what Date() reads) as the language writes it. */
export function date(d, options = { dateStyle: "medium" }) {
  const at = d instanceof Date ? d : new Date(d);
  if (Number.isNaN(at.getTime())) return "";
  try { return new Intl.DateTimeFormat(current.lang, options).format(at); } catch { return at.toISOString(); }
}

/** A date with its time. */
export function dateTime(d) {
  return date(d, { dateStyle: "medium", timeStyle: "short" });
}

/** The hour and minute of a moment. */
export function clockTime(d) {
  return date(d, { hour: "2-digit", minute: "2-digit" });
}

/** "A, B and C" in the language (Intl.ListFormat). */
export function list(items, type = "conjunction") {
  const strings = items.map(String);
  try { return new Intl.ListFormat(current.lang, { style: "long", type }).format(strings); } catch { return strings.join(", "); }
}

// {name} placeholders: a number is formatted in the language, anything else as text; a
// placeholder without a value stays as it is.
function place(text, params) {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, key) => {
    if (!(key in params)) return whole;
    const v = params[key];
    return typeof v === "number" ? number(v) : String(v);
  });
}

/** The translation of ``msgid`` (English where there is none), with {name} placeholders filled. */
export function t(msgid, params) {
  const found = current.messages[msgid];
  return place(typeof found === "string" ? found : msgid, params);
}

/** The form for ``n`` of a message with plural forms; {n} and the other placeholders filled. */
export function tn(singular, plural, n, params = {}) {
  const found = current.messages[singular];
  let text;
  if (Array.isArray(found) && found.length) {
    text = found[Math.min(pluralIndex(n), found.length - 1)];
  } else {
    text = n === 1 ? singular : plural; // English
  }
  return place(text, { n, ...params });
}

/**
 * A table of texts made in the language now in use: make() runs again after a switch, so a
 * module may keep its strings together at its top (``const TEXT = lazy(() => ({ ... }))``)
 * and read them as ``TEXT.name`` when it draws.
 */
export function lazy(make) {
  let made = null;
  let at = -1;
  return new Proxy({}, {
    get(_, key) {
      if (at !== generation) { made = make(); at = generation; }
      return made[key];
    },
  });
}

/** Elements of the page with data-i18n: their English text (kept in data-msgid) translated. */
export function translateStatic(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) {
    if (!el.dataset.msgid) el.dataset.msgid = el.textContent.trim();
    el.textContent = t(el.dataset.msgid);
  }
}

/** The language switch for the header: each language named in itself. */
export function languageSwitch() {
  const select = document.createElement("select");
  select.id = "lang-switch";
  const label = () => {
    select.setAttribute("aria-label", t("Language"));
    select.title = t("Language");
  };
  const options = () => {
    select.replaceChildren(...Object.entries(current.languages).map(([code, name]) => {
      const o = document.createElement("option");
      o.value = code;
      o.lang = code;
      o.textContent = name;
      o.selected = code === current.lang;
      return o;
    }));
    label();
  };
  options();
  select.addEventListener("change", async () => {
    select.disabled = true;
    try { await setLanguage(select.value); } catch { select.value = current.lang; }
    select.disabled = false;
  });
  onLanguage(options);
  return select;
}
