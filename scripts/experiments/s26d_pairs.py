"""Issue #32, session 26: a bench of two trees, paired.

python3 scripts/experiments/s26d_pairs.py alternate|together BEFORE AFTER PAIRS GAME SECONDS
    ``python -m engine bench --game GAME --seconds SECONDS --players 4`` in the tree
    BEFORE and in AFTER (each a ``git archive``), PAIRS times: ``alternate`` runs them one
    after the other, the order flipped every other pair; ``together`` starts both at once
    (the same load for both). Prints each pair, then means with 95% t-intervals and the
    after / before ratio of the pairs, by CPU and by wall.
"""

import json
import os
import statistics as st
import subprocess
import sys
from math import sqrt

mode, before, after = sys.argv[1], sys.argv[2], sys.argv[3]
pairs, game, seconds = int(sys.argv[4]), sys.argv[5], sys.argv[6]
cmd = ["nice", "-n", "10", sys.executable, "-m", "engine", "bench", "--game", game]
cmd += ["--seconds", seconds, "--players", "4"]
env = {**os.environ, "PYTHONPATH": "."}
T = {3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262, 10: 2.228}


def bench(trees: list[tuple[str, str]]) -> dict[str, dict]:
    if mode == "together":
        procs = {k: subprocess.Popen(cmd, cwd=t, env=env, stdout=subprocess.PIPE) for k, t in trees}
        return {k: json.loads(p.communicate()[0]) for k, p in procs.items()}
    return {
        k: json.loads(subprocess.run(cmd, cwd=t, env=env, capture_output=True, check=True).stdout)
        for k, t in trees
    }


def ci(xs: list[float]) -> str:
    return f"{st.mean(xs):.3f} ± {T.get(len(xs) - 1, 2.0) * st.stdev(xs) / sqrt(len(xs)):.3f}"


rows = []
for i in range(pairs):
    trees = [("before", before), ("after", after)]
    got = bench(trees if i % 2 == 0 else trees[::-1])
    b, a = got["before"], got["after"]
    row = (b["cpu_games_per_second"], a["cpu_games_per_second"])
    rows.append((*row, b["games_per_second"], a["games_per_second"], os.getloadavg()[0]))
    print(i, rows[-1], flush=True)
for j, name in enumerate(("cpu before", "cpu after", "wall before", "wall after")):
    print(name, ci([r[j] for r in rows]))
for a, b, name in ((1, 0, "cpu"), (3, 2, "wall")):
    ratios = [r[a] / r[b] for r in rows]
    print(name, "after / before", ci(ratios), f"{min(ratios):.3f} to {max(ratios):.3f}")
print("load", f"{min(r[4] for r in rows):.1f} to {max(r[4] for r in rows):.1f}")
