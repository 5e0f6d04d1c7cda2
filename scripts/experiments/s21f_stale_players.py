"""Places where a rule may read a player it has already replaced (session 21, issue #32).

    python3 scripts/experiments/s21f_stale_players.py engine/games/trickerion/*.py ...

The games' players are frozen and replaced through ``change_at``: mypy refuses a change in
place, but not a read of a local ``p = s.players[seat]`` after a call that replaced that
player (the old record). Per function: a name bound to ``X.players[…]`` (or a loop over
``X.players``), then a call that is handed ``X`` (it may replace the player), then a read of
that name. A heuristic with false positives (most candidates only read): each is for a reader.
docs/speed.md, session 21, says what it found.
"""

from __future__ import annotations

import re
import sys

BIND = re.compile(r"^\s*(?:for )?(?:\w+, )?(\w+) (?:=|in) (?:enumerate\()?(\w+)\.players\b")
# Calls handed the state that only read it: not what may replace a player.
READERS = re.compile(
    r"\b(legal|view|has_|can_|room_for|effective|trick_by|held_trick|free_symbol|hand_cards|"
    r"residence|marker_supply|markers_in|formed_links|symbol_schools|theater_day|day_yield|"
    r"initiative_slot|advertise_cost|len|isinstance|Event|raise_decision|IllegalAction|ev|emit)"
    r"\w*\("
)


def candidates(path: str) -> list[str]:
    lines = open(path, encoding="utf-8").read().split("\n")
    starts = [j for j, line in enumerate(lines) if re.match(r"\s*def ", line)] + [len(lines)]
    out = []
    for a, b in zip(starts, starts[1:], strict=False):
        body = lines[a:b]
        for k, line in enumerate(body):
            m = BIND.match(line)
            if not m:
                continue
            name, state = m.groups()
            called = None
            for kk in range(k + 1, len(body)):
                text = body[kk]
                if re.match(rf"^\s*{name} = ", text):
                    break
                passes = re.search(
                    rf"(change_at\({state}\.players|\b\w+\([^)]*\b{state}\b[,)])", text
                )
                if passes and not READERS.search(text.split("(")[0] + "("):
                    called = kk if called is None else called
                elif called is not None and re.search(rf"\b{name}\.\w+", text):
                    out.append(
                        f"{path}:{a + kk + 1}: {name} bound at {a + k + 1}, call at "
                        f"{a + called + 1}: {text.strip()[:90]}"
                    )
                    break
    return out


def main() -> None:
    found = [c for path in sys.argv[1:] for c in candidates(path)]
    print("\n".join(found))
    print(f"{len(found)} candidates")


if __name__ == "__main__":
    main()
