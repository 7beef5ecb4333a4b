"""Thai on screen: words stay whole at a line's end, lists read as Thai, tone marks fit.

Thai is written without spaces, so the browser guesses line breaks from a dictionary.
It does not know "บอท" (bot) and breaks it as "บอ|ท", which a Thai reader sees as a
typo; these tests look at where lines really break, in Chromium with the shipped font.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.web.conftest import api

pytestmark = pytest.mark.browser

# Words the line breaker splits mid-syllable; i18n.js keeps them whole.
WHOLE = ["บอท", "แอ็กชัน", "ดัชชี"]

# For each width of <main>, every occurrence of the words: is it on one line?
SPLIT_WORDS = """([words, widths]) => {
  const main = document.querySelector("main");
  const found = new Set();
  let checked = 0;
  for (const width of widths) {
    main.style.width = `${width}px`;
    const walk = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
      for (const word of words) {
        for (let at = node.data.indexOf(word); at >= 0; at = node.data.indexOf(word, at + 1)) {
          const tops = new Set();
          for (let i = at; i < at + word.length; i++) {
            const range = document.createRange();
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            const rect = range.getClientRects()[0];
            if (rect) tops.add(Math.round(rect.top));
          }
          checked += 1;
          const around = node.data.slice(Math.max(0, at - 12), at + 16);
          if (tops.size > 1) found.add(`${width}px: ${around}`);
        }
      }
    }
  }
  main.style.width = "";
  return { checked, split: [...found] };
}"""


# Space between a kept-whole word and the text after it on the same line: in a flex
# container (a button with an icon) loose pieces of text would each take the gap.
GAPS = """() => [...document.querySelectorAll(".whole-word")].flatMap((span) => {
  const next = span.nextSibling;
  if (!next || next.nodeType !== Node.TEXT_NODE || !/^\\S/.test(next.data)) return [];
  const range = document.createRange();
  range.setStart(next, 0);
  range.setEnd(next, 1);
  const a = span.getBoundingClientRect();
  const b = range.getClientRects()[0];
  const sameLine = b && Math.abs(b.top - a.top) < 4;
  return sameLine && b.left - a.right > 1.5 ? [span.parentElement.textContent] : [];
})"""


def thai(page: Any, path: str, ready: str) -> None:
    page.goto("/#/")
    page.locator("[data-lang=th]").click()
    page.wait_for_function("() => document.documentElement.lang === 'th'")
    page.goto(path)
    page.locator(ready).first.wait_for()
    page.evaluate("() => document.fonts.ready")


def test_thai_loanwords_never_break_across_lines(new_page: Any) -> None:
    page = new_page(390, 844)
    thai(page, "/#/bots", "[data-test=numbers]")
    result = page.evaluate(SPLIT_WORDS, [WHOLE, list(range(150, 391, 6))])
    assert result["checked"] > 500  # the page is full of บอท: the check saw them
    assert result["split"] == []


def test_kept_words_open_no_gap_in_buttons(new_page: Any, server: str) -> None:
    seats = [{"kind": "bot", "bot": "bigmoney"}, {"kind": "bot", "bot": "bigmoney"}]
    table = api(server, "/api/tables", {"game": "domination", "seats": seats})["table"]["id"]
    page = new_page(390, 844)
    thai(page, f"/#/table/{table}", "a.button[href^='#/bots/']")
    assert page.locator("a.button[href^='#/bots/'] .whole-word").count() == 1
    assert page.evaluate(GAPS) == []


def test_thai_card_lists_put_the_count_after_the_name(new_page: Any) -> None:
    page = new_page()
    thai(page, "/#/rules/domination", ".card-gallery .card")
    text = page.locator("main").inner_text()
    # The starting deck: "ทองแดง (Copper) 7 ใบ และที่ดิน (Estate) 3 ใบ", never "7 × ทองแดงและ3 × ...".
    assert re.search(r"ทองแดง \(Copper\) \d+ ใบ และที่ดิน \(Estate\) \d+ ใบ", text), text[:600]
    assert "×" not in text
    assert not re.search(r"และ\d", text)


def test_thai_headings_and_card_texts_leave_room_for_tone_marks(new_page: Any) -> None:
    """At line-height 1.2 the marks above a Thai line are cut off where the box clips."""
    page = new_page()
    thai(page, "/#/rules/domination", ".card-gallery .card-text")
    ratios = page.evaluate(
        """() => [...document.querySelectorAll("h1, h2, h3, .card-text")].map((el) => {
             const style = getComputedStyle(el);
             const ratio = parseFloat(style.lineHeight) / parseFloat(style.fontSize);
             return [el.localName + "." + el.className, ratio];
           })"""
    )
    assert len(ratios) > 10
    assert [(what, ratio) for what, ratio in ratios if ratio < 1.35] == []
