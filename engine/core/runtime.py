"""Process-wide settings for a process whose main job is the engine: the command line
(``python -m engine``) and the page's engine worker (``web/main.py``). Never applied on import:
a program that embeds the engine keeps its own settings."""

from __future__ import annotations

import gc

# Allocations between two runs of the cyclic collector's youngest generation (CPython's default
# is 700).
GEN0_THRESHOLD = 50_000


def tune_gc() -> None:
    """Engine work allocates many short-lived containers (a state's lists, legal-action lists)
    that reference counting frees on its own; at the default pace the cyclic collector also
    rescans every live state again and again (a match keeps its whole history for undo). That
    was about 45% of the CPU time of a random 4-player Trickerion game natively, and about half
    in Pyodide. Objects alive after start-up (modules, packs, catalogues) are frozen out of its
    scans, and it runs every ``GEN0_THRESHOLD`` allocations instead."""
    gc.freeze()
    gc.set_threshold(GEN0_THRESHOLD, *gc.get_threshold()[1:])
