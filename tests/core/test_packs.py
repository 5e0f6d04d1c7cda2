"""engine.core.packs: strict decoding, header checks, duplicate ids, coded error with a path."""

from __future__ import annotations

import json

import pytest

from engine.core.i18n import render
from engine.core.packs import (
    Pack,
    PackError,
    PackStruct,
    check_file,
    index_by_id,
    pack_sha256,
    read_pack,
    register_schema,
)


class Item(PackStruct, frozen=True):
    id: str
    value: int


class Demo(Pack, frozen=True):
    items: tuple[Item, ...]

    def check(self) -> list[tuple[str, str]]:
        return [
            (f"$.items[{i}].value", "must be positive")
            for i, it in enumerate(self.items)
            if it.value <= 0
        ]


register_schema("demo-game", "demo.items", Demo)


def doc(**over) -> dict:
    d = {
        "pack": "demo.items",
        "game": "demo-game",
        "source": "test",
        "provisional": True,
        "provisional_parts": ["items"],
        "items": [{"id": "a", "value": 1}, {"id": "b", "value": 2}],
    }
    d.update(over)
    return d


def raw(d: dict) -> bytes:
    return json.dumps(d).encode()


def refused(data: bytes, **kw) -> PackError:
    with pytest.raises(PackError) as info:
        read_pack(data, Demo, "demo.items", **kw)
    assert info.value.code == "pack.invalid"
    return info.value


def test_reads_a_good_pack_and_hashes_its_bytes():
    data = raw(doc())
    pack, sha = read_pack(data, Demo, "demo.items", "demo-game")
    assert pack.items[1].value == 2 and sha == pack_sha256(data) and len(sha) == 64
    assert index_by_id(pack.items)["b"].value == 2
    with pytest.raises(AttributeError):
        pack.items[0].value = 5  # frozen


def test_wrong_type_names_the_path():
    d = doc()
    d["items"][1]["value"] = "two"
    err = refused(raw(d))
    assert err.params["path"] == "$.items[1].value"
    assert "int" in err.params["reason"]


def test_unknown_field_refused():
    d = doc()
    d["items"][0]["colour"] = "red"
    assert "colour" in refused(raw(d)).params["reason"]


def test_missing_field_refused():
    d = doc()
    del d["source"]
    assert "source" in refused(raw(d)).params["reason"]


def test_duplicate_id_refused_with_its_path():
    d = doc(items=[{"id": "a", "value": 1}, {"id": "a", "value": 2}])
    err = refused(raw(d))
    assert err.params["path"] == "$.items[1].id" and "duplicate" in err.params["reason"]


def test_header_checks_collect_every_error():
    d = doc(pack="other", provisional_parts=[])
    err = refused(raw(d), game="wrong")
    paths = [p for p, _ in err.errors]
    assert paths == ["$.pack", "$.game", "$.provisional_parts"]
    assert err.params["count"] == 3


def test_schema_check_runs_and_reports_each_item():
    d = doc(items=[{"id": "a", "value": 0}, {"id": "b", "value": -1}])
    err = refused(raw(d))
    assert [p for p, _ in err.errors] == ["$.items[0].value", "$.items[1].value"]


def test_not_json_refused():
    assert refused(b"{not json").params["path"] == "$"


def test_check_file_finds_schema_from_header_and_unknown_is_refused():
    pack, _ = check_file(raw(doc()))
    assert pack.pack == "demo.items"
    with pytest.raises(PackError) as info:
        check_file(raw(doc(pack="nope")))
    assert "no schema" in info.value.params["reason"]


def test_error_renders_in_three_languages():
    err = refused(raw(doc(pack="x")))
    for lang in ("en", "ru", "fr"):
        text = render(err.code, err.params, lang)
        assert "$.pack" in text and text != err.code


def test_cli_pack_check(tmp_path, capsys):
    from engine.cli import main

    good = tmp_path / "good.json"
    good.write_bytes(raw(doc()))
    assert main(["pack", "check", str(good)]) == 0
    assert json.loads(capsys.readouterr().out)["pack"] == "demo.items"
    bad = doc()
    bad["items"][0]["value"] = "x"
    f = tmp_path / "bad.json"
    f.write_bytes(raw(bad))
    assert main(["pack", "check", str(f), "--game", "demo-game", "--pack", "demo.items"]) == 1
    assert "$.items[0].value" in capsys.readouterr().err


# --- every game's shipped packs go through the same gate ------------------------------------


def shipped_pack_files() -> list:
    from pathlib import Path

    games = Path(__file__).parents[2] / "engine" / "games"
    return sorted(games.glob("**/data/*.json"))


@pytest.mark.parametrize(
    "path", shipped_pack_files(), ids=lambda p: f"{p.parent.parent.name}/{p.name}"
)
def test_every_shipped_pack_file_passes_pack_check(path):
    from engine.core import registry

    registry.all_games()  # importing the games registers their schemas
    data = path.read_bytes()
    pack, sha = check_file(data)
    assert pack.pack == f"{pack.game}.{path.stem}" and sha == pack_sha256(data)
    assert pack.source and pack.provisional == bool(pack.provisional_parts)


def test_every_replaceable_pack_has_a_schema_and_a_fingerprint():
    from engine.core import registry
    from engine.core.packs import schema_for

    seen = 0
    for cls in registry.all_games():
        game = cls(cls.seating.fewest)
        for pack_id in cls.replaceable_packs:
            seen += 1
            assert schema_for(pack_id.split(".")[0], pack_id) is not None, (cls.id, pack_id)
            assert len(game.pack_fingerprint().get(pack_id, "")) == 64, (cls.id, pack_id)
    assert seen >= 3  # the Magnificent's components, the Oracle sheet, the Successor's tables
