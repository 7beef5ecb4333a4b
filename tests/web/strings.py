"""The app's string catalogue for a language as the browser sees it: the app's own
strings merged with every registered game's (games/<name>/web/i18n/<lang>.json)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from boardbots.games import all_games
from boardbots.server.game_web import web_dir

APP_STRINGS = Path(__file__).resolve().parents[2] / "src/boardbots/web/static/i18n"


def string_files(lang: str) -> list[Path]:
    """The app's file for `lang`, then each game's, in the order the app merges them."""
    folders = [web_dir(game) for game in all_games()]
    games = [f / "i18n" / f"{lang}.json" for f in folders if f is not None]
    return [APP_STRINGS / f"{lang}.json", *[p for p in games if p.is_file()]]


def load_strings(lang: str) -> dict[str, Any]:
    merged: dict[str, Any] = {}
    for path in string_files(lang):
        merged.update(json.loads(path.read_text("utf-8")))
    return merged
