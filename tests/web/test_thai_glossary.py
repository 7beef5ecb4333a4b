"""The Thai catalogue keeps to the glossary in docs/web.md: one Thai word for each idea.

A translation that mixes two words for "turn" or calls money and the Silver card by
the same name reads as machine-made; the glossary table is the one place that decides
the word, and this test holds th.json to it.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from boardbots.games import all_games
from boardbots.server.game_web import web_dir
from tests.web.strings import load_strings

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs/web.md"
HEADING = "### Thai glossary"
TERM = re.compile(r"`([^`]+)`")


def glossary_rows() -> list[tuple[str, list[str], list[str]]]:
    """(English, preferred Thai terms, terms not to use) for each row of the table."""
    text = DOC.read_text("utf-8")
    assert HEADING in text, "docs/web.md has lost its Thai glossary"
    section = text.split(HEADING, 1)[1].split("\n#", 1)[0]
    rows = []
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 3 or not TERM.search(cells[1]):
            continue  # prose, the header or the --- line
        rows.append((cells[0], TERM.findall(cells[1]), TERM.findall(cells[2])))
    return rows


def thai_texts() -> list[tuple[str, str]]:
    """Every Thai string in th.json, with its key (each form of a plural entry)."""
    catalogue: dict[str, Any] = load_strings("th")
    return [
        (key, text)
        for key, value in catalogue.items()
        for text in ([value] if isinstance(value, str) else value.values())
    ]


def without_chosen_terms(
    text: str, avoid: str, rows: list[tuple[str, list[str], list[str]]]
) -> str:
    """The text with every chosen term that contains `avoid` taken out.

    The Silver card is called "เงิน (Silver)" while money is never เงิน: the chosen
    name holds the ruled-out word, and only uses outside such names count.
    """
    for term in sorted(
        (t for _, chosen, _ in rows for t in chosen if avoid in t), key=len, reverse=True
    ):
        text = text.replace(term, "")
    return text


def test_the_glossary_is_there() -> None:
    rows = glossary_rows()
    english = {row[0] for row in rows}
    assert {"turn", "phase", "score, points, VP", "money, coins"} <= english
    assert all(preferred for _, preferred, _ in rows)


def test_thai_never_uses_a_word_the_glossary_rules_out() -> None:
    texts, rows = thai_texts(), glossary_rows()
    found = [
        (english, avoid, key)
        for english, _, avoided in rows
        for avoid in avoided
        for key, text in texts
        if avoid in without_chosen_terms(text, avoid, rows)
    ]
    assert found == []


def test_every_chosen_word_is_used() -> None:
    """A row whose word th.json never uses has drifted from the catalogue."""
    texts = " ".join(text for _, text in thai_texts())
    unused = [
        term for _, preferred, _ in glossary_rows() for term in preferred if term not in texts
    ]
    assert unused == []


def test_card_names_show_the_english_name() -> None:
    catalogue: dict[str, Any] = load_strings("th")
    cards = {k[5:]: v for k, v in catalogue.items() if k.startswith("card.") and k[5:6].isupper()}
    assert cards
    assert [name for name, thai in cards.items() if not thai.endswith(f" ({name})")] == []


def test_no_word_is_both_chosen_and_ruled_out() -> None:
    rows = glossary_rows()
    chosen = {term for _, preferred, _ in rows for term in preferred}
    ruled_out = {term for _, _, avoided in rows for term in avoided}
    assert chosen & ruled_out == set()


def test_the_three_meaning_errors_stay_fixed() -> None:
    """Issue 21: money called Silver, Silver where Treasures are meant, "out of {card}"."""
    catalogue: dict[str, Any] = load_strings("th")
    assert "เงิน (Silver)" in catalogue["cardtext.Merchant"]
    assert "เงิน" not in catalogue["explain.bigmoney.one"]  # it buys Treasures, not Silver
    assert "สมบัติ" in catalogue["explain.hard.s0.domination"]
    assert "เงิน" not in catalogue["explain.hard.s0.domination"]
    waiting = [v for k, v in catalogue.items() if k.startswith(("dom.wait.", "dom.prompt."))]
    assert not [v for v in waiting if isinstance(v, str) and "จาก {card}" in v]


def test_thai_outside_the_catalogue_keeps_to_the_glossary() -> None:
    """Thai written into the pages or scripts themselves follows the same table."""
    rows = glossary_rows()
    src = ROOT / "src/boardbots"
    # The app's files and each game's web folder (its renderer and styles).
    folders = [src / "web/static", *[d for g in all_games() if (d := web_dir(g)) is not None]]
    files = [p for d in folders for ext in ("*.html", "*.js", "*.css") for p in d.rglob(ext)]
    found = [
        (avoid, str(path.relative_to(src)))
        for path in files
        for _, _, avoided in rows
        for avoid in avoided
        if avoid in without_chosen_terms(path.read_text("utf-8"), avoid, rows)
    ]
    assert files
    assert found == []
