"""The string catalogues: same keys and placeholders in every language, every key the
code asks for exists, and no UI text is written straight into the HTML or JS."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from boardbots.games import all_games
from boardbots.games.domination.cards import all_cards
from boardbots.server.game_web import web_dir
from tests.web.strings import load_strings, string_files

STATIC = Path(__file__).resolve().parents[2] / "src/boardbots/web/static"
LANGS = ("en", "th")
GAME_WEB = [d for d in (web_dir(g) for g in all_games()) if d is not None]
JS_FILES = sorted([*(STATIC / "js").rglob("*.js"), *(p for d in GAME_WEB for p in d.rglob("*.js"))])
# Namespaces of catalogue keys; a string literal starting with one of these is a key.
NAMESPACES = (
    "app", "nav", "lang", "unit", "error", "game", "bot", "home", "preset", "opt", "seat",
    "join", "table", "result", "y", "dom", "supply", "card", "cardtext", "type", "rules",
    "settings", "explain", "replay", "chart",
    *(g.meta.name for g in all_games()),  # each game's own words sit under its name
)  # fmt: skip
_SPACES = "|".join(NAMESPACES)
# A quoted key, but not a tag like h("nav.tabs") that merely looks like one.
KEY_LITERAL = re.compile(rf"""(?<!\bh\()["'`]((?:{_SPACES})\.[A-Za-z0-9_.\- ]+)["'`]""")
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def load(lang: str) -> dict[str, Any]:
    return load_strings(lang)


def forms(value: Any) -> list[str]:
    """A string, or every form of a plural entry."""
    if isinstance(value, str):
        return [value]
    assert isinstance(value, dict) and "other" in value, f"bad plural entry {value!r}"
    assert set(value) <= {"zero", "one", "two", "few", "many", "other"}
    return list(value.values())


def test_catalogues_have_the_same_keys() -> None:
    en, th = load("en"), load("th")
    assert sorted(set(en) - set(th)) == []
    assert sorted(set(th) - set(en)) == []
    # File by file too: a game's Thai strings sit beside its English ones.
    for en_file, th_file in zip(string_files("en"), string_files("th"), strict=True):
        assert en_file.parent == th_file.parent
        keys = [set(json.loads(p.read_text("utf-8"))) for p in (en_file, th_file)]
        assert keys[0] == keys[1], en_file.parent


def test_no_key_is_defined_twice() -> None:
    """A game's string may not quietly replace the app's or another game's."""
    seen: dict[str, str] = {}
    for path in string_files("en"):
        for key in json.loads(path.read_text("utf-8")):
            assert key not in seen, f"{key} is in {seen[key]} and {path}"
            seen[key] = str(path)


@pytest.mark.parametrize("lang", LANGS)
def test_no_empty_strings(lang: str) -> None:
    for key, value in load(lang).items():
        for text in forms(value):
            assert text.strip(), f"{lang}: {key} is empty"


def test_placeholders_match_between_languages() -> None:
    en, th = load("en"), load("th")
    for key, value in en.items():
        want = {p for text in forms(value) for p in PLACEHOLDER.findall(text)}
        got = {p for text in forms(th[key]) for p in PLACEHOLDER.findall(text)}
        # Thai has no plural forms, so "count" may be used by English alone.
        assert got - {"count"} <= want and want - {"count"} <= got, f"{key}: {want} vs {got}"


def test_thai_is_translated() -> None:
    en, th = load("en"), load("th")
    same = [k for k in en if en[k] == th[k] and re.search(r"[a-z]{4}", str(en[k]))]
    # The brand, the game's own name, bare counters (a seat's name and its number) and a
    # formula read the same in both.
    allowed = {
        "app.name",
        "game.domination.title",
        "replay.counter",
        "seat.numbered",
        "explain.flow.pick.sub",
    }
    assert sorted(set(same) - allowed) == []


def used_keys() -> set[str]:
    keys: set[str] = set()
    for path in JS_FILES:
        keys |= set(KEY_LITERAL.findall(path.read_text("utf-8")))
    html = (STATIC / "index.html").read_text("utf-8")
    keys |= set(re.findall(r'data-i18n="([^"]+)"', html))
    keys |= {
        pair.split(":")[1]
        for attr in re.findall(r'data-i18n-attr="([^"]+)"', html)
        for pair in attr.split(";")
    }
    return keys


def test_every_key_the_code_uses_exists() -> None:
    en = load("en")
    missing = sorted(k for k in used_keys() if k not in en and not k.endswith("."))
    assert missing == []


def test_dynamic_keys_exist() -> None:
    """Keys built at run time: every card, card type, bot, level button and game."""
    en = load("en")
    cards = all_cards()
    wanted = {f"card.{name}" for name in cards}
    wanted |= {f"type.{kind}" for spec in cards.values() for kind in spec["types"]}
    wanted |= {f"bot.{code}.name" for code in ("random", "easy", "medium", "hard", "bigmoney")}
    wanted |= {f"home.add.{code}" for code in ("random", "easy", "medium", "hard", "bigmoney")}
    parts = ("title", "tagline", "scoreunit", "scorehead")
    wanted |= {f"game.{g.meta.name}.{part}" for g in all_games() for part in parts}
    verbs = ("play", "buy", "gain", "discard", "trash", "topdeck", "react")
    wanted |= {f"dom.act.{verb}" for verb in verbs}
    wanted |= {f"replay.by.{by}" for by in ("human", "bot", "fallback")}
    wanted |= {f"replay.reason.{r}" for r in ("timeout", "error", "crashed", "illegal", "no_pool")}
    undo = (STATIC.parents[1] / "server/undo.py").read_text("utf-8")
    wanted |= {f"table.undo.why.{code}" for code in re.findall(r'Refusal\("(\w+)"', undo)}
    assert sorted(wanted - set(en)) == []


def test_card_text_placeholders_are_card_parameters() -> None:
    en = load("en")
    cards = all_cards()
    for name, spec in cards.items():
        text = en.get(f"cardtext.{name}")
        if text:
            assert set(PLACEHOLDER.findall(text)) <= set(spec["params"]), name


class _TextFinder(HTMLParser):
    """Collects text that is outside any data-i18n element (and not a language name)."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[bool] = []
        self.loose: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = dict(attrs)
        covered = "data-i18n" in names or ("lang" in names and tag != "html")
        if tag not in {"meta", "link", "img", "input", "br"}:
            self.stack.append(covered or bool(self.stack and self.stack[-1]))

    def handle_endtag(self, tag: str) -> None:
        if tag not in {"meta", "link", "img", "input", "br"} and self.stack:
            self.stack.pop()

    def handle_data(self, data: str) -> None:
        if data.strip() and not (self.stack and self.stack[-1]):
            self.loose.append(data.strip())


def test_html_text_comes_from_the_catalogue() -> None:
    finder = _TextFinder()
    finder.feed((STATIC / "index.html").read_text("utf-8"))
    assert finder.loose == []


# Words in a string literal that only UI text would have: two or more words of letters.
SENTENCE = re.compile(r"""(?<![\w.])(["'])([A-Z][a-z]+(?: [a-z]+){1,}[.!?…]?)\1""")


@pytest.mark.parametrize("path", JS_FILES, ids=lambda p: p.name)
def test_no_ui_text_in_javascript(path: Path) -> None:
    text = path.read_text("utf-8")
    code = re.sub(r"//[^\n]*", "", text)  # comments may be sentences
    hits = [m.group(2) for m in SENTENCE.finditer(code)]
    assert hits == [], f"{path.name}: put these strings in the catalogue: {hits}"
