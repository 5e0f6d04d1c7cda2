"""scripts/server.py, the static server the README's serve command and the browser tests use."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))

import server  # (scripts/server.py)


def _handled(site: server.SiteServer, error: Exception) -> None:
    try:
        raise error
    except type(error):
        site.handle_error(None, ("127.0.0.1", 50000))


@pytest.mark.parametrize(
    "error", [BrokenPipeError(32, "Broken pipe"), ConnectionResetError(104, "reset")]
)
def test_a_download_the_browser_drops_prints_nothing(tmp_path, capsys, error):
    site = server.make_server(tmp_path, port=0, quiet=True)
    try:
        _handled(site, error)
    finally:
        site.server_close()
    assert capsys.readouterr().err == ""


def test_any_other_error_in_a_request_is_still_reported(tmp_path, capsys):
    site = server.make_server(tmp_path, port=0, quiet=True)
    try:
        _handled(site, ValueError("a defect of the server"))
    finally:
        site.server_close()
    err = capsys.readouterr().err
    assert "ValueError: a defect of the server" in err
