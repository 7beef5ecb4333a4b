"""The web app names no game: each game's renderer, styles and strings live in its own
folder and reach the app through /api/config (docs/web.md, "Game renderers").

A third game must not need an edit anywhere in `web/static`; these checks fail as soon
as a page, the styles or the shared catalogues pick a game by name again.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from boardbots.games import all_games
from boardbots.server.game_web import web_dir

STATIC = Path(__file__).resolve().parents[2] / "src/boardbots/web/static"
CODE = sorted(p for p in STATIC.rglob("*") if p.suffix in {".js", ".css", ".html"})
NAMES = sorted(g.meta.name for g in all_games())
# Short forms the app once used for a game: in string keys ("dom.supply"), and in the
# names of its modules before they moved into the game's folder.
KEY_FORMS = {"domination": ["dom"]}
OLD_MODULES = {"domination": ["domtable", "domtext"], "y": ["ytable"]}
# Files in web/static allowed to name a game, each with the reason. Empty: keep it so.
ALLOWED: dict[str, str] = {}


def without_comments(text: str) -> str:
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r"(?<![:\"'])//[^\n]*", "", text)


def name_patterns(name: str) -> list[re.Pattern[str]]:
    """Ways code names a game: a quoted name, a key or path segment, a word of its own."""
    out = [
        re.compile(rf"""(["'`]){re.escape(name)}\1"""),
        re.compile(rf"""(^|[."'`/]){re.escape(name)}([."'`/]|$)""", re.M),
    ]
    if len(name) >= 4:
        out.append(re.compile(rf"\b{re.escape(name)}\b", re.I))
    for form in KEY_FORMS.get(name, []):
        out.append(re.compile(rf"""["'`]{re.escape(form)}\."""))
    for module in OLD_MODULES.get(name, []):
        out.append(re.compile(rf"\b{re.escape(module)}\b"))
    return out


def test_every_game_has_a_web_folder() -> None:
    assert all(web_dir(g) is not None for g in all_games())


@pytest.mark.parametrize("path", CODE, ids=lambda p: p.relative_to(STATIC).as_posix())
def test_no_app_file_names_a_game(path: Path) -> None:
    rel = path.relative_to(STATIC).as_posix()
    if rel in ALLOWED:
        return
    code = without_comments(path.read_text("utf-8"))
    hits = [
        (name, m.group(0))
        for name in NAMES
        for pattern in name_patterns(name)
        for m in pattern.finditer(code)
    ]
    assert hits == [], f"{rel} names a game: {hits}"


@pytest.mark.parametrize("lang", ["en", "th"])
def test_the_app_catalogue_holds_no_game_strings(lang: str) -> None:
    keys = json.loads((STATIC / "i18n" / f"{lang}.json").read_text("utf-8"))
    forms = set(NAMES) | {f for n in NAMES for f in KEY_FORMS.get(n, [])}
    assert sorted(k for k in keys if forms & set(k.split("."))) == []


def css_classes(path: Path) -> set[str]:
    text = without_comments(path.read_text("utf-8"))
    selectors = " ".join(part.split("{")[0] for part in text.split("}"))
    return set(re.findall(r"\.(-?[_a-zA-Z][\w-]*)", selectors))


def test_app_styles_leave_game_classes_to_the_game() -> None:
    """A class a game's stylesheet defines is styled there only, not in css/app.css."""
    app = css_classes(STATIC / "css" / "app.css")
    for game in all_games():
        folder = web_dir(game)
        assert folder is not None
        own = css_classes(folder / "game.css") - app
        mixed = {c for c in app if c.startswith(("y", "dom"))} & own
        assert mixed == set(), game.meta.name
