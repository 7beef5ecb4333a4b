"""A game's player options as command-line flags: `--size 9`, `--swap`, `--kingdom a,b`.

The flags come from the bounds the game's rules declare for its player options,
so a new game's options reach `boardbots play` without a line here.
"""

from __future__ import annotations

import json
from typing import Any

from boardbots.core.bounds import Flag
from boardbots.core.contract import Game


def option_value(text: str) -> Any:
    """A flag's value: JSON when it parses (9, null, true), a list when it holds commas,
    else the text itself (which the game's option check then refuses by name)."""
    try:
        return json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        pass
    parts = [p.strip() for p in text.split(",") if p.strip()]
    return parts if len(parts) > 1 else text.strip()


def _flag_names(game: Game) -> dict[str, str]:
    """`--flag-name` -> option field, for every option a player may set."""
    rules = type(game.default_rules())
    return {"--" + name.replace("_", "-"): name for name in sorted(rules.PLAYER_OPTIONS)}


def _is_switch(game: Game, field: str) -> bool:
    return isinstance(type(game.default_rules()).BOUNDS.get(field), Flag)


def rule_options(game: Game, args: list[str]) -> dict[str, Any]:
    """The options the extra command-line words set; ValueError names a word it cannot use."""
    flags, out, words = _flag_names(game), {}, list(args)
    while words:
        word = words.pop(0)
        flag, _, inline = word.partition("=")
        negated = flag.startswith("--no-") and "--" + flag[5:] in flags
        field = flags.get("--" + flag[5:] if negated else flag)
        if field is None:
            known = ", ".join(flags) or "none"
            raise ValueError(f"unknown option {word!r} for {game.meta.name}; its options: {known}")
        if _is_switch(game, field) and not inline:
            out[field] = not negated
        elif inline or words:
            out[field] = option_value(inline or words.pop(0))
        else:
            raise ValueError(f"option {flag} needs a value")
    return out


def describe_flags(game: Game) -> str:
    """One line for the help text: the game's flags and what each accepts."""
    bounds = type(game.default_rules()).BOUNDS
    parts = [
        f"{flag}/--no-{flag[2:]}"
        if _is_switch(game, field)
        else f"{flag} ({bounds[field].describe()})"
        for flag, field in _flag_names(game).items()
    ]
    return "; ".join(parts) or "no options"
