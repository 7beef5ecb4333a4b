"""A word broken across two lines, as the browser lays it out: one JS function the
browser tests paste into their page scripts, so every test checks the same thing."""

from __future__ import annotations

BROKEN_IN = """
const brokenIn = (root) => {
  // Words as the page's language has them (Thai writes no spaces between words); a word
  // whose glyphs sit on more than one line top was broken inside.
  const out = [];
  const words = new Intl.Segmenter(document.documentElement.lang, { granularity: 'word' });
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const w of words.segment(node.data)) {
      if (!w.isWordLike) continue;
      const range = document.createRange();
      range.setStart(node, w.index);
      range.setEnd(node, w.index + w.segment.length);
      const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      if (tops.size > 1) out.push(w.segment);
    }
  }
  return out;
};
"""

BROKEN_WORDS = (
    "(sel) => {"
    + BROKEN_IN
    + "return [...document.querySelectorAll(sel)].flatMap((root) => brokenIn(root)); }"
)
"""Page script: the broken words under every element matching the selector."""
