"""Record golden playthroughs as text: ``python -m tests.golden.record`` writes the files of
games that have none; ``--force`` rewrites every file (after a deliberate behaviour change —
then bump the engine version in ``engine/__init__.py``).

A file lists per step who is to act, the named legal actions (EN labels), the action taken,
each event's code and params, and each seat's view digest (sha256 of the view's JSON); at the
end the result (scores, winners, breakdown) and the final state hash.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

import msgspec

from engine.core.bots import bot_seed, make_bot
from engine.core.i18n import action_label
from engine.core.match import Match
from tests.golden.cases import Case, all_cases

HERE = Path(__file__).resolve().parent
MAX_STEPS = 20_000
MAX_LISTED = 60


def path_of(case: Case) -> Path:
    return HERE / case.game / f"{case.name}.txt"


def _json(value) -> str:
    return json.dumps(
        msgspec.to_builtins(value), sort_keys=True, ensure_ascii=False, separators=(",", ":")
    )


def _digest(view) -> str:
    text = msgspec.json.encode(view, order="sorted")
    return hashlib.sha256(text).hexdigest()[:16]


def record(case: Case) -> str:
    match = Match.new(case.game, case.players, case.options, case.seed)
    game = match.game
    bots = {s: make_bot(game, kind, bot_seed(case.seed, s)) for s, kind in enumerate(case.bots)}
    lines = [
        f"game {case.game} players {case.players} seed {case.seed} "
        f"bots {','.join(case.bots)} options {_json(game.options)}"
    ]
    seats = range(game.players)

    def views() -> None:
        lines.append("  views " + " ".join(_digest(game.view(match.state, s)) for s in seats))

    views()
    for step in range(MAX_STEPS):
        to = match.to_act()
        if to.kind == "terminal":
            break
        lines.append(f"step {step} to_act {to.kind} {list(to.seats)}")
        if to.kind == "chance":
            action, seat = game.chance_action(match.state), -1
        elif to.kind == "automaton":
            seat = to.seats[0]
            action = game.automaton_action(match.state, seat)
        else:
            seat = to.seats[0]
            legal = game.legal_actions(match.state, seat)
            if len(legal) <= MAX_LISTED:
                labels = [action_label(game, a, "en") for a in legal]
                lines.append(f"  legal {len(legal)}: " + " | ".join(labels))
            else:  # long lists (the Oracle companion's throw entry: 984) by digest, for speed
                joined = b"\n".join(game.codec.encode_action(a) for a in legal)
                lines.append(
                    f"  legal {len(legal)} sha256 {hashlib.sha256(joined).hexdigest()[:16]}"
                )
            action = bots[seat].choose(game, match.state, seat, legal)
        lines.append(f"  act {seat} {_json(action)} = {action_label(game, action, 'en')}")
        for e in match.act(seat, action):
            lines.append(f"  event {e.code} {_json(e.params)}")
        views()
    else:
        raise RuntimeError(f"{case.game}/{case.name}: no end after {MAX_STEPS} steps")
    result = match.result()
    lines.append(f"result {_json(result)}")
    lines.append(f"hash {game.codec.state_hash(match.state)}")
    return "\n".join(lines) + "\n"


def compare(old: str, new: str) -> dict[str, int]:
    """Which kinds of line differ (``views``, ``legal``, ``act``, ``event``, ``result``,
    ``hash``, …) and how often: says whether a change touched behaviour (events, results) or
    only the shape of states and actions (hashes, view digests, action encodings)."""
    a, b = old.splitlines(), new.splitlines()
    if len(a) != len(b):
        return {"line count": abs(len(a) - len(b))}
    out: dict[str, int] = {}
    for x, y in zip(a, b):
        if x != y:
            kind = x.split()[0]
            out[kind] = out.get(kind, 0) + 1
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--force", action="store_true", help="rewrite existing files too")
    ap.add_argument(
        "--check",
        action="store_true",
        help="write nothing; per file, list the kinds of line that differ",
    )
    ap.add_argument("--game", action="append", help="only these game ids")
    args = ap.parse_args(argv)
    for case in all_cases():
        if args.game and case.game not in args.game:
            continue
        path = path_of(case)
        if args.check:
            if path.exists():
                diff = compare(path.read_text(), record(case))
                print(f"{case.game}/{case.name}: {diff or 'same'}")
            continue
        if path.exists() and not args.force:
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        text = record(case)
        changed = not path.exists() or path.read_text() != text
        path.write_text(text)
        print(
            f"{'wrote' if changed else 'same '} {path.relative_to(HERE.parent.parent)} "
            f"({text.count(chr(10))} lines)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
