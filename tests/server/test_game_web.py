"""Each game's web folder reaches the browser through the registry: /api/config gives
its addresses, the server serves them (nothing outside the folder), and the offline
file list carries them."""

from __future__ import annotations

import inspect
from pathlib import Path

from starlette.testclient import TestClient

from boardbots.games import all_games
from boardbots.server.game_web import web_dir


def test_the_config_gives_every_game_its_renderer_styles_and_strings(client: TestClient) -> None:
    games = client.get("/api/config").json()["games"]
    assert {g["name"] for g in games} == {g.meta.name for g in all_games()}
    for game in games:
        web = game["web"]
        assert web["module"] == f"games/{game['name']}/web/renderer.js"
        assert set(web["i18n"]) == {"en", "th"}
        for address in [web["module"], *web["styles"], *web["i18n"].values()]:
            assert not address.startswith("/")  # relative, as the static site needs
            reply = client.get("/" + address)
            assert reply.status_code == 200, address
        module = client.get("/" + web["module"])
        assert module.headers["content-type"].startswith("text/javascript")
        assert "export function createTable" in module.text


def test_only_files_inside_a_game_web_folder_are_served(client: TestClient) -> None:
    name = all_games()[0].meta.name
    assert client.get(f"/games/{name}/web/../engine.py").status_code == 404
    assert client.get(f"/games/{name}/web/%2e%2e/engine.py").status_code == 404
    assert client.get(f"/games/{name}/web/nothing.js").status_code == 404
    assert client.get("/games/no-such-game/web/renderer.js").status_code == 404


def test_the_offline_file_list_has_every_game_file(client: TestClient) -> None:
    listed = set(client.get("/app-files.json").json())
    for game in all_games():
        folder = web_dir(game)
        assert folder is not None
        for path in folder.rglob("*.js"):
            rel = path.relative_to(folder).as_posix()
            assert f"games/{game.meta.name}/web/{rel}" in listed


def test_a_game_folder_is_found_beside_its_game_class() -> None:
    for game in all_games():
        folder = web_dir(game)
        assert folder is not None and (folder / "renderer.js").is_file()
        assert folder.parent == Path(inspect.getfile(type(game))).parent
