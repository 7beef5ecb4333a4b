// A short hint beside a control that cannot be used right now (an illegal click):
// the control shakes, and a bubble next to it says why for a few seconds. The bubble
// is a live region, so screen readers hear the same words.

import { h } from "./dom.js";

const SHOW_MS = 2600;
let current = null;

export function illegalHint(anchor, text) {
  if (current) current.remove();
  const box = anchor.getBoundingClientRect();
  const bubble = h("div.illegal-hint", { role: "status", "data-test": "illegal-hint" }, text);
  bubble.style.left = `${Math.max(8, Math.min(box.left, window.innerWidth - 248))}px`;
  bubble.style.top = `${Math.max(8, box.top - 8)}px`;
  document.body.append(bubble);
  current = bubble;
  anchor.classList.remove("anim-nope");
  void anchor.getBoundingClientRect(); // restart the shake if it is still running
  anchor.classList.add("anim-nope");
  setTimeout(() => bubble.remove(), SHOW_MS);
}
