"""Rewrite every golden file: `python -m tests.golden.regen` from the repository root.

Run it only after a change that is meant to alter the games (rules, shuffling,
descriptions, bots); then read the diff of the golden files before committing
it, since the diff is the review of what changed.
"""

from __future__ import annotations

from tests.domination import golden_positions
from tests.golden import records
from tests.golden.transcripts import TRANSCRIPT_DIR, TRANSCRIPTS


def main() -> None:
    TRANSCRIPT_DIR.mkdir(exist_ok=True)
    for name, make in TRANSCRIPTS.items():
        (TRANSCRIPT_DIR / name).write_text(make())
        print(f"wrote {TRANSCRIPT_DIR / name}")
    print(f"wrote {records.write()}")
    for path in golden_positions.regen():
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
