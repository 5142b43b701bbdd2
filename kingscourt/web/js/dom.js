// Small DOM helpers: h() builds elements, toast() shows a short message.

export function h(tag, attrs = {}, ...children) {
  // tag: "name", "name.class.class", "name#id" or "name.class#id"
  const [head, id] = tag.split("#");
  const [name, ...classes] = head.split(".");
  const [idPart, ...idClasses] = id ? id.split(".") : [];
  const el = document.createElement(name || "div");
  if (idPart) el.id = idPart;
  if (classes.length || idClasses.length) el.className = [...classes, ...idClasses].join(" ");
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2).toLowerCase(), value);
    } else if (key === "class") {
      el.className += (el.className ? " " : "") + value;
    } else if (key === "dataset") {
      Object.assign(el.dataset, value);
    } else if (key === "style" && typeof value === "object") {
      Object.assign(el.style, value);
    } else if (key in el && typeof value !== "string") {
      el[key] = value;
    } else {
      el.setAttribute(key, value === true ? "" : value);
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : String(child));
  }
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

let toastTimer = null;

/** Show a message at the bottom of the screen; kind: "error" | "info". */
export function toast(message, kind = "error", ms = 4000) {
  const el = document.getElementById("toast");
  el.textContent = message;
  el.className = kind;
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { el.hidden = true; }, ms);
}

export function signed(n) {
  return n > 0 ? `+${n}` : String(n);
}

/** Replace el's children; null, false and nested arrays are handled as in h(). */
export function fill(el, ...children) {
  clear(el);
  append(el, children);
  return el;
}
