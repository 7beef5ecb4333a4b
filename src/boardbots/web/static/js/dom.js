// A tiny element builder: h("button.primary", {onclick}, t("key")).

import { wordNodes } from "./i18n.js";

export function h(tag, attrs = null, ...children) {
  const [head, ...classes] = tag.split(".");
  const [name, id] = head.split("#");
  const svg = SVG_TAGS.has(name);
  const el = svg
    ? document.createElementNS("http://www.w3.org/2000/svg", name)
    : document.createElement(name || "div");
  if (classes.length) el.setAttribute("class", classes.join(" "));
  if (id) el.id = id;
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), value);
    } else if (key === "class") {
      el.setAttribute("class", [el.getAttribute("class"), value].filter(Boolean).join(" "));
    } else if (key === "dataset") {
      Object.assign(el.dataset, value);
    } else if (key === "html") {
      el.innerHTML = value;
    } else if (value === true) {
      el.setAttribute(key, "");
    } else {
      el.setAttribute(key, String(value));
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else if (child instanceof Node) el.append(child);
    else el.append(...(PLAIN_TEXT.has(el.localName) || el.namespaceURI !== HTML ? [String(child)] : wordNodes(String(child))));
  }
}

// Elements whose text is shown as plain text (or not at all): no spans inside.
const HTML = "http://www.w3.org/1999/xhtml";
const PLAIN_TEXT = new Set(["option", "title", "textarea", "style", "script"]);

const SVG_TAGS = new Set([
  "svg", "g", "path", "polygon", "polyline", "circle", "rect", "line", "text", "title",
  "defs", "marker", "linearGradient", "radialGradient", "stop", "pattern", "tspan", "ellipse",
  "filter", "feGaussianBlur", "feDropShadow", "use",
]);

// Append children, skipping null/false (Element.append would print them).
export function put(el, ...children) {
  append(el, children);
  return el;
}

export function clear(el) {
  while (el.firstChild) el.firstChild.remove();
  return el;
}

export function $(selector, root = document) {
  return root.querySelector(selector);
}
