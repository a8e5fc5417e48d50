"""``serve --hosted``: the spaces are checked before "running", and the recovery link's
landing page (``/space#<key>``) hands the key to the app in the browser, never to a log."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from companion.ui.app import make_main
from companion.ui.hosted import SPACE_PREF
from companion.ui.serve_error import ServeError
from companion.ui.server import prepare
from companion.ui.webserver import build_app


def test_prepare_hosted_opens_the_spaces_registry(tmp_path):
    sock, folder = prepare("127.0.0.1", 0, data_dir=tmp_path / "data", hosted=True)  # any free port
    sock.close()
    assert folder == (tmp_path / "data").resolve() and (folder / "spaces.sqlite3").is_file()


def test_prepare_hosted_refuses_a_file_for_a_folder_in_one_line(tmp_path):
    (tmp_path / "file").write_text("not a folder")
    with pytest.raises(ServeError, match="folder"):
        prepare("127.0.0.1", 8555, data_dir=tmp_path / "file", hosted=True)


def test_the_space_landing_keeps_the_fragment_in_the_browser_only_when_hosted():
    hosted = TestClient(build_app(make_main(), hosted=True)).get("/space")
    assert hosted.status_code == 200
    assert (
        f'localStorage.setItem("flutter.{SPACE_PREF}", JSON.stringify(location.hash.slice(1)))' in hosted.text
    )
    assert 'location.replace("/")' in hosted.text
    assert (
        hosted.headers["cache-control"] == "no-store" and hosted.headers["referrer-policy"] == "no-referrer"
    )
    local = TestClient(build_app(make_main())).get("/space")
    assert SPACE_PREF not in local.text  # a local server has no spaces: no landing page for one
