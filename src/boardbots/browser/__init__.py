"""Bots in the player's browser: the pinned Pyodide runtime, the code bundle and the
JSON entry points the Web Workers call (see docs/web.md, "Solo tables in the browser")."""
