"""Waiting for the page to come to rest, instead of sleeping a guessed time."""

from __future__ import annotations

from typing import Any

SETTLED = (
    "() => document.getAnimations().every((a) => a.playState !== 'running'"
    " || a.effect.getTiming().iterations === Infinity)"
)
"""True once every animation that ends has ended (a looping one, such as the thinking
pulse, never does, so it is left out)."""


def settle(page: Any) -> None:
    """Wait for the page's finite animations to end: a check or a picture taken then sees
    the page as it rests, however slow the machine, not halfway through a fade."""
    page.wait_for_function(SETTLED)
