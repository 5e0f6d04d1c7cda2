"""The engine's import graph: no module imports itself through others, and no base-game
module names a variant of its game (a variant is a layer on top: the base calls hooks, the
variant overrides them).

Every ``import`` and ``from … import`` under ``engine/`` counts, at module level or inside a
function: a deferred import is still a dependency, only hidden.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "engine"
# Variant packages, by the base game package they sit in.
VARIANTS = {
    "engine.games.trickerion": ("engine.games.trickerion.solo",),
    "engine.games.magnificent": ("engine.games.magnificent.solo",),
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(ENGINE.rglob("*.py"))}


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """The engine modules ``name`` imports (``from pkg import mod`` counts as ``pkg.mod`` when
    that is a module, else as ``pkg``)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            targets = [
                f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names
            ]
        else:
            continue
        for t in targets:
            # ``import a.b.c`` runs a, a.b and a.b.c; the deepest engine module is the edge.
            while t and t not in known:
                t = t.rpartition(".")[0]
            if t and t != name:
                out.add(t)
    return out


def graph() -> dict[str, set[str]]:
    mods = modules()
    known = set(mods)
    return {name: imports_of(name, path, known) for name, path in mods.items()}


def cycles(g: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(g.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(g):
        if v not in index:
            visit(v)
    return out


def test_no_import_cycles():
    found = cycles(graph())
    assert not found, "import cycles in engine/:\n" + "\n".join(" <-> ".join(c) for c in found)


def test_no_base_game_module_imports_a_variant():
    bad = []
    for name, deps in graph().items():
        for base, variants in VARIANTS.items():
            if not name.startswith(base + ".") and name != base:
                continue
            if any(name == v or name.startswith(v + ".") for v in variants):
                continue
            bad += [
                f"{name} -> {d}"
                for d in sorted(deps)
                if any(d == v or d.startswith(v + ".") for v in variants)
            ]
    assert not bad, "base-game modules importing a variant:\n" + "\n".join(bad)


def test_the_graph_sees_imports():
    # The checks above would pass on an empty graph: prove edges are found, deferred ones too.
    g = graph()
    assert "engine.core.game" in g["engine.core.match"]
    assert g["engine.games.trickerion.game"], "trickerion.game imports nothing?"
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
