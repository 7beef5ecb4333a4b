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
};
const FILLED = new Set(["first", "prev", "next", "last", "play", "pause", "star"]);

export function icon(name) {
  const svg = h("svg.icon-svg", { viewBox: "0 0 24 24", width: 18, height: 18, "aria-hidden": "true", focusable: "false" },
    PATHS[name].map((d) => h("path", { d })));
  svg.classList.add(`icon-${name}`);
  if (FILLED.has(name)) svg.classList.add("filled");
  return svg;
}
