"""What each event card changes for its round, as the values the engine reads.

An event changes one rule value; turning the card resolves every value for the
round once, so the hot path reads a small dict and never looks at the card again.
"""

from __future__ import annotations

from typing import Any


def round_rules(rules: dict[str, Any], event: str) -> dict[str, Any]:
    """The values in force while `event` is face up, from the game's rules."""
    now: dict[str, Any] = {
        "hazard_start": rules["hazard_start"],
        "hazard_step": rules["hazard_step"],
        "ore_bonus": 0,
        "gems_per_double": rules["gems_per_double"],
        "beam": rules["beam"],
        "majority_bonus": rules["majority_bonus"],
        "shared_find": False,
        "haul_cap": None,
        "collapse_points": 0,
    }
    if event == "rich_vein":
        now["ore_bonus"] = rules["rich_vein_ore"]
    elif event == "loose_rock":
        now["hazard_start"] += rules["rock_shift"]
    elif event == "solid_rock":
        now["hazard_start"] -= rules["rock_shift"]
    elif event == "gem_seam":
        now["gems_per_double"] = rules["gem_seam_gems"]
    elif event == "bonanza":
        now["majority_bonus"] *= rules["bonanza_factor"]
    elif event == "shared_find":
        now["majority_bonus"] = 0
        now["shared_find"] = True
    elif event == "tax":
        now["haul_cap"] = rules["tax_cap"]
    elif event == "cave_in":
        now["collapse_points"] = rules["cave_in_points"]
    elif event == "sturdy_beams":
        now["beam"] = rules["sturdy_beam"]
    return now


def round_gains(rules: dict[str, Any], now: dict[str, Any], hauls: list[int]) -> list[int]:
    """Points each seat scores at the round's end for its haul (cap, then bonus).

    The largest haul (above 0) takes the majority bonus, split evenly and rounded
    down when tied; under Shared Find every haul of the threshold or more scores
    the fixed reward instead.
    """
    cap = now["haul_cap"]
    gains = [h if cap is None or h <= cap else cap for h in hauls]
    if now["shared_find"]:
        need, reward = rules["shared_find_haul"], rules["shared_find_points"]
        return [g + (reward if h >= need else 0) for g, h in zip(gains, hauls, strict=True)]
    best = max(hauls)
    if best > 0 and now["majority_bonus"]:
        tied = [p for p, h in enumerate(hauls) if h == best]
        share = now["majority_bonus"] // len(tied)
        for p in tied:
            gains[p] += share
    return gains
