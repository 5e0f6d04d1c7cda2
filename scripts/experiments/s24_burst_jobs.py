"""Issue #30, session 24: write .dev/jobs.txt for s24_burst.sh, untimed games of hard interleaved
by weight (4 solo Trickerion at low, 4 The Magnificent solo, 1 Trickerion 4-player with hard at
seat seed % 4 among greedy, 1 rotated 2-player pair against greedy). ``--old`` adds main's hard
of another tree (.dev/old, from ``git archive``) on the solo seeds, to pair by seed."""

import sys
from pathlib import Path

old = "--old" in sys.argv
solo = '--game trickerion-solo --players 2 --games 1 --bot hard --options \'{"difficulty":"low"}\' --seed'
queues = {
    "solo-new": [f"solo-new @ROOT {solo} {50000 + i}" for i in range(100)],
    "solo-old": [f"solo-old @ROOT/.dev/old {solo} {50000 + i}" for i in range(100)] if old else [],
    "mag-new": [
        f"mag-new @ROOT --game magnificent-solo --players 1 --games 1 --bot hard --seed {60000 + i}"
        for i in range(100)
    ],
    "4p-new": [
        "4p-new @ROOT --game trickerion --players 4 --games 1 --bot "
        + ",".join("hard" if s == i % 4 else "greedy" for s in range(4))
        + f" --seed {70000 + i}"
        for i in range(100)
    ],
    "2p-new": [
        f"2p-new @ROOT --game trickerion --players 2 --games 2 --rotate --bot hard,greedy --seed {10000 + 2 * i}"
        for i in range(50)
    ],
}
weights = {"solo-new": 4, "solo-old": 4 if old else 0, "mag-new": 4, "4p-new": 1, "2p-new": 1}
lines = []
while any(queues.values()):
    for k, w in weights.items():
        for _ in range(w):
            if queues[k]:
                lines.append(queues[k].pop(0))
Path(".dev").mkdir(exist_ok=True)
Path(".dev/jobs.txt").open("w").write("\n".join(lines) + "\n")
print(len(lines))
