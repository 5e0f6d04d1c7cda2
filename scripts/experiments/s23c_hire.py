"""Issue #30, session 23: the early hire in 2-player greedy self-play, seat by seat. A JSON line
per seed: the scores; each round's coins, fame and turn position per seat as its Advertise
phase opens; in the hire's rounds (``hire.ROUNDS``) the hire test as the Assign phase opens
(wanted, an apprentice on an Inn die, coins short of ``hire.paid``'s sum, which is negative
when the purse holds more); each Downtown placement (round, seat, character, slot modifier,
what it did); and the rounds each seat hired in. ``--sum FILE`` tallies the lines.

    PYTHONPATH=. python3 scripts/experiments/s23c_hire.py FIRST_SEED GAMES [BOTS_PY] > FILE
    PYTHONPATH=. python3 scripts/experiments/s23c_hire.py --sum FILE

BOTS_PY: another checkout's ``engine/games/trickerion/bots.py`` to play instead of this tree's.
"""

import importlib.util
import json
import statistics
import sys
from collections import Counter

from engine.core.bots import bot_seed
from engine.core.copier import copy_state
from engine.core.match import Match
from engine.core.play import decisions
from engine.core.tuples import change_at
from engine.games.trickerion import actions as A
from engine.games.trickerion import hire
from engine.games.trickerion.common import effective
from engine.games.trickerion.downtown import INN
from engine.games.trickerion.placement import board_index, slot_modifier


def shortfall(g, s, seat):
    """Coins ``hire.paid`` (of the tree that runs) asks for an apprentice, less the purse
    (> 0: the test fails); the wages and the props it counts."""
    cat = g.cat
    p = s.players[seat]
    wages = cat.wage["apprentice"] + sum(cat.wage[c.kind] for c in p.chars if not c.assist)
    needs: dict[str, int] = {}
    for t in p.tricks:
        for k, n in cat.tricks[t.id].components.items():
            needs[k] = max(needs.get(k, 0), n)
    lacking = sum(cat.prop_cost[k] * max(0, n - effective(p, k)) for k, n in needs.items())
    probe = copy_state(s)
    ask = next(c for c in range(200) if hire.paid(g, change_purse(probe, seat, c), seat))
    return {"short": ask - p.coins, "wages": wages, "props": lacking}


def change_purse(s, seat, coins):
    change_at(s.players, seat, coins=coins)
    return s


DID = {
    "trickerion.hired": "hire",
    "trickerion.trick_learned": "learn",
    "trickerion.gain": "coins",
    "trickerion.made_idle": "idle",
}


def play(seed, bot_class):
    m = Match.new("trickerion", 2, {}, seed)
    bots = {s: bot_class(bot_seed(seed, s)) for s in range(2)}
    rounds, tests, visits, offers, hires = [], [], [], [], [[], []]
    seen: set[tuple[str, int]] = set()
    visit = None  # the Downtown placement whose turn is under way
    for seat, legal in decisions(m):
        s = m.state
        if (s.phase, s.round) not in seen:
            seen.add((s.phase, s.round))
            if s.phase == "advertise":
                rounds.append(
                    [
                        {"coins": p.coins, "fame": p.fame, "turn": s.order.index(i)}
                        for i, p in enumerate(s.players)
                    ]
                )
            if s.phase == "assign" and s.round <= hire.ROUNDS:
                apprentice = any(s.dice[d] == "apprentice" for d in INN)
                tests.append(
                    [
                        {
                            "round": s.round,
                            "wanted": hire.wanted(m.game, s, i),
                            "die": apprentice,
                            **shortfall(m.game, s, i),
                        }
                        for i in range(2)
                    ]
                )
        before = len(m.events)
        action = bots[seat].choose(m.game, s, seat, legal)
        if s.round <= hire.ROUNDS and any(isinstance(a, A.HireCharacter) for a in legal):
            offers.append(
                {
                    "round": s.round,
                    "seat": seat,
                    "ap": s.act.ap if s.act else 0,
                    "took": type(action).__name__,
                    **shortfall(m.game, s, seat),
                }
            )
        m.act(seat, action)
        for e in (e for evs in m.events[before:] for e in evs):
            q = e.params
            if e.code == "trickerion.placed" and q["location"] == "downtown":
                index = board_index(q["seat"], "downtown", q["slot"])
                visit = {
                    "round": s.round,
                    "seat": q["seat"],
                    "kind": q["kind"],
                    "mod": slot_modifier(m.game.rules, q["seat"], index),
                    "did": [],
                }
                visits.append(visit)
            elif visit is not None and q.get("seat") == visit["seat"]:
                if e.code == "trickerion.turn_ended":
                    visit = None
                elif e.code in DID and (e.code != "trickerion.gain" or q["why"] == "take_coins"):
                    visit["did"].append(DID[e.code])
            if e.code == "trickerion.hired":
                hires[q["seat"]].append(s.round)
    result = m.result()
    return {
        "seed": seed,
        "scores": list(result.scores),
        "winners": list(result.winners),
        "rounds": rounds,
        "tests": tests,
        "downtown": visits,
        "offers": offers,
        "hires": hires,
    }


def ci(xs):
    if len(xs) < 2:
        return f"{statistics.mean(xs):.2f}" if xs else "-"
    m, sd = statistics.mean(xs), statistics.stdev(xs)
    h = 1.96 * sd / len(xs) ** 0.5
    return f"{m:.2f} ({m - h:.2f} to {m + h:.2f})"


def summary(path):
    games = [json.loads(line) for line in open(path)]
    n = len(games)
    wins = sum(g["winners"] == [0] for g in games)
    print(f"{n} games; seat 0 wins {wins}")
    for r in range(7):
        row = [g["rounds"][r] for g in games if len(g["rounds"]) > r]
        print(
            f"round {r + 1}: coins {ci([x[0]['coins'] for x in row])} | {ci([x[1]['coins'] for x in row])};"
            f" fame {statistics.mean(x[0]['fame'] for x in row):.1f} | "
            f"{statistics.mean(x[1]['fame'] for x in row):.1f}; seat 0 first in "
            f"{sum(x[0]['turn'] == 0 for x in row)}"
        )
    for r in range(1, hire.ROUNDS + 1):
        for seat in range(2):
            t = [x[seat] for g in games for x in g["tests"] if x[seat]["round"] == r]
            c = Counter()
            for x in t:
                c["wanted"] += x["wanted"]
                c["die"] += x["die"]
                c["paid"] += x["short"] <= 0
                c["wanted+die+paid"] += x["wanted"] and x["die"] and x["short"] <= 0
            shorts = [x["short"] for x in t if x["wanted"] and x["short"] > 0]
            print(
                f"round {r} seat {seat}: {dict(c)}; short (where not paid) {ci(shorts)} of "
                f"{len(shorts)}; wages {ci([x['wages'] for x in t])}, props {ci([x['props'] for x in t])}"
            )
    for seat in range(2):
        when = Counter(r for g in games for r in g["hires"][seat])
        print(f"seat {seat} hires by round {dict(sorted(when.items()))}")
    split = Counter()
    won = Counter()
    for g in games:
        key = ("0" if g["hires"][0] else "") + ("1" if g["hires"][1] else "") or "none"
        split[key] += 1
        won[key] += g["winners"] == [0]
    print("who hired: seat 0 wins of games", {k: f"{won[k]}/{split[k]}" for k in sorted(split)})
    for r in range(1, hire.ROUNDS + 1):
        for seat in range(2):
            o = [x for g in games for x in g["offers"] if x["round"] == r and x["seat"] == seat]
            games_offered = sum(
                any(x["round"] == r and x["seat"] == seat for x in g["offers"]) for g in games
            )
            took = Counter(x["took"] for x in o)
            paid = Counter((x["short"] <= 0, x["took"] == "HireCharacter") for x in o)
            shorts = Counter(x["short"] for x in o if x["took"] != "HireCharacter")
            print(
                f"round {r} seat {seat}: a hire legal at {len(o)} decisions in {games_offered} games;"
                f" took {dict(took)}; (paid, hired) {dict(paid)};"
                f" short where not hired {dict(sorted(shorts.items()))}"
            )
    for r in range(1, 4):
        for seat in range(2):
            v = [x for g in games for x in g["downtown"] if x["round"] == r and x["seat"] == seat]
            first = Counter(
                next((x["seat"] for x in g["downtown"] if x["round"] == r), None) for g in games
            )
            did = Counter("+".join(x["did"]) or "nothing" for x in v)
            mods = Counter(x["mod"] for x in v)
            print(
                f"round {r} seat {seat}: {len(v)} Downtown visits, did {dict(did)}, slots {dict(mods)}"
            )
        print(f"round {r}: first Downtown placement by seat {dict(first)}")


if sys.argv[1] == "--sum":
    summary(sys.argv[2])
    sys.exit()
bot_class = None
if len(sys.argv) > 3:
    spec = importlib.util.spec_from_file_location("other_trickerion_bots", sys.argv[3])
    assert spec is not None and spec.loader is not None
    other = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(other)
    bot_class = other.GreedyBot
else:
    from engine.games.trickerion.bots import GreedyBot as bot_class
first, games = int(sys.argv[1]), int(sys.argv[2])
for seed in range(first, first + games):
    print(json.dumps(play(seed, bot_class)), flush=True)
