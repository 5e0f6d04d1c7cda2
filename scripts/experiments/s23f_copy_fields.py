"""Issue #32, session 23: what one field of a state costs its copy. Every state of three random
4-player games (seeds 5-7) is copied 20 times by the generated copier (``copier._Builder``'s
source) with the copy expression of each named field taken out (the field shared as it is);
run under callgrind, the difference from ``none`` divided by the copies is the field's share
of a copy, its freeing included.

    valgrind --tool=callgrind --toggle-collect=functools_reduce python3 \
        scripts/experiments/s23f_copy_fields.py GAME FIELD[,FIELD...]|none
"""

import functools
import re
import sys

import engine.games  # noqa: F401  (registers the games)
from engine import bench
from engine.core import copier
from engine.core.runtime import tune_gc

tune_gc()
game, fields = sys.argv[1], sys.argv[2]
states = [st for seed in range(5, 8) for st in bench._random_game(game, 4, None, seed)[0].states]
cls = type(states[0])
builder = copier._Builder()
builder._struct(cls)
source = "\n".join(builder.lines)
for f in fields.split(",") if fields != "none" else []:
    source = re.sub(rf"x\.{f}\.copy\(\)", f"x.{f}", source)
    source = re.sub(rf"_copy_\w+_\d+\(x\.{f}\)", f"x.{f}", source)
    source = re.sub(rf"\(None if x\.{f} is None else x\.{f}\)", f"x.{f}", source)
exec(source, builder.env)
for table, entries in builder.tables.items():
    builder.env[table] = {c: builder.env[n] for c, n in entries.items()}
copy = builder.env[builder.names[cls]]


def copy_all(acc: int, _: int) -> int:
    for state in states:
        copy(state)
    return acc + len(states)


print(functools.reduce(copy_all, range(20), 0), "copies")
