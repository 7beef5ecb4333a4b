"""Writing a run or an acceptance table as JSON plus a Markdown page with an SVG chart.

Everything outside the "timing" key is a pure function of the seed and the
line-up, so two runs can be compared byte for byte.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from boardbots.sim import output
from boardbots.sim.harness import GameRecord, MatchSpec
from boardbots.sim.metrics import decision_times, summary

SCHEMA_VERSION = 1


def run_report(
    spec: MatchSpec, seed: int, records: list[GameRecord], timing: dict[str, Any]
) -> dict[str, Any]:
    """The documented JSON of one `boardbots sim` run (see docs/sim.md)."""
    return {
        "schema": SCHEMA_VERSION,
        "game": spec.game,
        "seats": list(spec.seats),
        "options": spec.options,
        "seed": seed,
        "summary": summary(records),
        "records": [r.results_part() for r in records],
        "timing": {**timing, "decision_ms": decision_times(records)},
    }


def dump(data: Any, path: Path) -> None:
    output.write_text(path, json.dumps(data, indent=1, sort_keys=True) + "\n")


def merge_rows(
    prior: dict[str, Any] | None, fresh: dict[str, Any], order: list[str]
) -> tuple[dict[str, Any], list[str]]:
    """Fold a run of some experiments (`accept --only`) into the suite's earlier report.

    Rows are kept only from a report of the same game, size, seed and code,
    so the page never mixes figures of two bot versions; returns the report
    and the names of the rows it kept from `prior`.
    """
    keys = ("game", "full", "seed", "code")
    if prior is None or any(prior.get(k) != fresh[k] for k in keys):
        return fresh, []
    ran = {r["name"] for r in fresh["rows"]}
    by_name = {r["name"]: r for r in prior.get("rows", []) if r["name"] not in ran}
    kept = [n for n in order if n in by_name]
    by_name.update({r["name"]: r for r in fresh["rows"]})
    return {**fresh, "rows": [by_name[n] for n in order if n in by_name]}, kept


def interval_chart(rows: list[dict[str, Any]], title: str) -> str:
    """An SVG bar per row: the measured figure, its 95% interval and the target."""
    width, bar_h, left = 720, 26, 260
    height = 40 + bar_h * len(rows)
    scale = (width - left - 20) / 1.0
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        'font-family="sans-serif" font-size="12">',
        f'<text x="8" y="18" font-weight="bold">{_esc(title)}</text>',
    ]
    for k, row in enumerate(rows):
        y = 30 + k * bar_h
        parts += _chart_row(row, y, left, scale, bar_h)
    parts.append("</svg>")
    return "\n".join(parts)


def _chart_row(row: dict[str, Any], y: int, left: int, scale: float, h: int) -> list[str]:
    value, low, high = row.get("value"), row.get("low"), row.get("high")
    colour = "#2e7d32" if row.get("passed") else "#c62828"
    out = [f'<text x="8" y="{y + 15}">{_esc(row["name"])}</text>']
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return out
    out.append(
        f'<rect x="{left}" y="{y + 4}" width="{value * scale:.1f}" height="{h - 10}" '
        f'fill="{colour}" opacity="0.7"/>'
    )
    if low is not None and high is not None:
        out.append(
            f'<line x1="{left + low * scale:.1f}" x2="{left + high * scale:.1f}" '
            f'y1="{y + h / 2:.1f}" y2="{y + h / 2:.1f}" stroke="black" stroke-width="2"/>'
        )
    target = row.get("target")
    if target is not None:
        x = left + target * scale
        out.append(
            f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{y + 1}" y2="{y + h - 3}" '
            'stroke="#1565c0" stroke-width="2" stroke-dasharray="3,2"/>'
        )
    return out


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def markdown_table(rows: list[dict[str, Any]]) -> str:
    lines = [
        "| experiment | measure | target | measured | 95% interval | games | result |",
        "|---|---|---|---:|---|---:|---|",
    ]
    notes = []
    for r in rows:
        games = games_text(r)
        lines.append(
            f"| {r['name']} | {r['measure']} | {r['target_text']} | {r['value_text']} "
            f"| {r.get('interval_text', '')} | {games} | "
            f"{verdict(r)} |"
        )
        if r.get("ci_note"):
            rule = f" (CI verdict: {r['ci_rule']} the target)" if r.get("ci_rule") else ""
            notes.append(f"- {r['name']}: {r['ci_note']}{rule}")
        if r.get("open"):
            notes.append(f"- {r['name']}: target not met yet, reported only in CI: {r['open']}")
    return "\n".join(lines + (["", *notes] if notes else []))


def games_text(row: dict[str, Any]) -> str:
    """Games played, marked when CI played fewer or a journal holds only part."""
    if "games_text" in row:
        return str(row["games_text"])
    return f"{row.get('games', '')}" + (" (CI)" if row.get("ci_note") else "")


def verdict(row: dict[str, Any]) -> str:
    """PASS, FAIL or SKIPPED, marking rows that are reported but never fail a run.

    A row may carry its own word instead (a journal's run still in progress).
    """
    if "verdict" in row:
        return str(row["verdict"])
    if row.get("skipped"):
        return "SKIPPED"
    text = "PASS" if row["passed"] else "FAIL"
    return text + (" (reported only)" if row.get("report_only") else "")
