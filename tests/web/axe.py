"""axe-core for the browser tests: fetched once from the npm registry (pinned in axe.json,
checked against its npm integrity) into the user's cache, never kept in the repository.

On CI a failed download fails the accessibility test; elsewhere it is skipped, saying why.
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import tarfile
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from boardbots.user_cache import user_cache
from tests.web.motion import settle

PIN = json.loads(Path(__file__).with_name("axe.json").read_text())
SERIOUS = ("serious", "critical")

# Runs axe on the whole page; only what a test needs comes back.
RUN = """
async () => {
  const result = await axe.run(document, { resultTypes: ['violations'] });
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 4).map((n) => n.target.join(' ') + ' :: ' + n.failureSummary),
  }));
}
"""


def cache_file() -> Path:
    return user_cache("axe-core", PIN["version"], "axe.min.js")


def _checked(blob: bytes) -> bytes:
    algo, _, expected = PIN["integrity"].partition("-")
    got = base64.b64encode(hashlib.new(algo, blob).digest()).decode()
    if got != expected:
        raise ValueError(f"axe-core tarball checksum {got} is not the pinned {expected}")
    with tarfile.open(fileobj=io.BytesIO(blob), mode="r:gz") as tar:
        member = tar.extractfile(PIN["file"])
        if member is None:
            raise ValueError(f"the axe-core tarball lacks {PIN['file']}")
        return member.read()


def source() -> str:
    """axe.min.js, downloading and checking it first if it is not cached."""
    path = cache_file()
    if not path.is_file():
        with urllib.request.urlopen(PIN["tarball"], timeout=60) as reply:
            script = _checked(reply.read())
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(".partial")
        partial.write_bytes(script)
        partial.rename(path)
    return path.read_text("utf-8")


def serious_violations(page: Any, script: str) -> list[dict[str, Any]]:
    """axe's serious and critical findings on the page as it is now."""
    settle(page)  # colours are judged as they end, not halfway through a fade-in
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(content=script)
    found: list[dict[str, Any]] = page.evaluate(RUN)
    return [v for v in found if v["impact"] in SERIOUS]


def audit(
    page: Any, script: str, screens: Iterator[str], lang: str, shots: Path, tag: str
) -> list[str]:
    """Run axe on every screen `screens` opens (it yields each screen's name once the
    page shows it), saving a screenshot of each as `screen-<name>-<lang>-<tag>.png`;
    fails the test with every serious or critical violation found. The screens' names."""
    found: dict[str, list[dict[str, Any]]] = {}
    checked = []
    for name in screens:
        page.wait_for_function(f"() => document.documentElement.lang === '{lang}'")
        checked.append(name)
        violations = serious_violations(page, script)
        slug = "".join(c if c.isalnum() else "-" for c in name.lower())
        shots.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(shots / f"screen-{slug}-{lang}-{tag}.png"))
        if violations:
            found[name] = violations
    report = "\n".join(
        f"{screen}: {v['impact']} {v['id']} ({v['help']}): {v['nodes']}"
        for screen, items in found.items()
        for v in items
    )
    assert not found, f"axe found serious or critical violations:\n{report}"
    return checked
