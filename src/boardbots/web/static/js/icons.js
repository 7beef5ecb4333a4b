// Icons drawn as inline SVG: font glyphs such as ⏮ or ✕ show as empty boxes on
// machines whose fonts lack them, and the shipped font covers only Thai and Latin.

import { h } from "./dom.js";

// 24×24 outlines; `currentColor` so an icon takes its button's text colour.
const PATHS = {
  first: ["M6 5v14", "M19 5 9 12l10 7z"],
  prev: ["M17 5 7 12l10 7z"],
  next: ["M7 5l10 7-10 7z"],
  last: ["M18 5v14", "M5 5l10 7-10 7z"],
  play: ["M7 4.5l12 7.5-12 7.5z"],
  pause: ["M7 5h3.5v14H7z", "M13.5 5H17v14h-3.5z"],
  close: ["M6 6l12 12", "M18 6 6 18"],
  arrow: ["M4 12h15", "M13 6l6 6-6 6"],
  star: ["M12 3.5l2.6 5.4 5.9.8-4.3 4.1 1 5.8-5.2-2.8-5.2 2.8 1-5.8-4.3-4.1 5.9-.8z"],
  // Card bonuses: +Cards (two cards), +Actions (a bolt), +Buys (a bag), +coins, victory points (a shield).
  cards: ["M4 7.5h10.5v13H4z", "M8.5 3.5H20v13"],
  action: ["M13.5 2.5 5 13.5h6l-1.5 8 8.5-11h-6z"],
  buy: ["M5 8h14l-1.2 12H6.2z", "M9 8V6.5a3 3 0 0 1 6 0V8"],
  coin: ["M12 3a9 9 0 1 0 0 18 9 9 0 1 0 0-18z", "M12 7.5v9", "M14.5 9.3c-.6-.8-1.5-1.2-2.5-1.2-1.4 0-2.5.8-2.5 1.9 0 2.6 5 1.4 5 4 0 1.1-1.1 1.9-2.5 1.9-1 0-2-.4-2.6-1.3"],
  vp: ["M12 2.8 19.5 6v5.5c0 4.6-3.2 8-7.5 9.7-4.3-1.7-7.5-5.1-7.5-9.7V6z"],
};
const FILLED = new Set(["first", "prev", "next", "last", "play", "pause", "star", "vp"]);

export function icon(name) {
  const svg = h("svg.icon-svg", { viewBox: "0 0 24 24", width: 18, height: 18, "aria-hidden": "true", focusable: "false" },
    PATHS[name].map((d) => h("path", { d })));
  svg.classList.add(`icon-${name}`);
  if (FILLED.has(name)) svg.classList.add("filled");
  return svg;
}
