"""Issue #30, session 23: greedy's shows traced round by round, solo at low. For each round of
seat 0 (the bot): the tricks it owns, where its Magician went (the stage's day, or the
location), its markers on the performance cards when the shows begin and on the card each
show performs (its own shows and the Successor's), the markers prepared and never set up, the
markers lost on the card that leaves, and what the Workshop and the Theater were given.

    PYTHONPATH=. python3 scripts/experiments/s23b_shows.py SEED COUNT [--rounds]

Prints one line per game and round with ``--rounds``; always the means over the games by round
and over the game, then rounds 2-7 split by the tricks owned at the round's assignments (1, or
2 and more) (docs/bots.md, "Issue #30, session 23").
"""

import sys
from collections import Counter, defaultdict

from engine.core.bots import bot_seed
from engine.core.match import Match
from engine.games.trickerion.bots import GreedyBot
from engine.games.trickerion.catalog import SLOT_THEATER, is_stage
from engine.games.trickerion.common import has_components, markers_in_theater

BOT = 0


def mine(pc, seat=BOT):
    return sum(1 for code in pc.m if code >= 0 and code // 4 == seat) + sum(
        1 for code in pc.guest if code // 4 == seat
    )


def at_assignments(cat, s, row):
    p = s.players[BOT]
    row["tricks"] = len(p.tricks)
    row["tricks.l2+"] = sum(cat.trick_level[t.id] >= 2 for t in p.tricks)
    row["preparable"] = sum(
        1
        for t in p.tricks
        if t.markers == 0
        and has_components(cat, p, t.id)
        and markers_in_theater(s, BOT * 4 + t.sym) < 4
    )
    row["carried_prepared"] = sum(t.markers for t in p.tricks)
    row["staged_at_start"] = sum(mine(pc) for pc in s.row)


def at_shows(cat, after, row):
    """The Theater when the shows begin: the bot's markers, its Magician, the stages."""
    p = after.players[BOT]
    row["staged_at_shows"] = sum(mine(pc) for pc in after.row)
    row["cards_with_own"] = sum(1 for pc in after.row if mine(pc))
    row["best_card_own"] = max((mine(pc) for pc in after.row), default=0)
    row["unplaced_prepared"] = sum(t.markers for t in p.tricks)
    mag = next(c for c in p.chars if c.kind == "magician")
    where = cat.card_location(mag.card) if mag.card else "none"
    if mag.slot >= 0 and is_stage(mag.slot):
        where = "stage"
    elif mag.idle:
        where = "idle"
    row[f"magician.{where}"] += 1
    stages = [after.slots[SLOT_THEATER + 3 * d + 2] for d in range(4)]
    row["successor_stages"] = sum(1 for v in stages if v >= 0 and v // 16 != BOT)
    row["backstage_bodies"] = sum(
        1
        for c in p.chars
        if c.slot >= 0 and cat.card_location(c.card) == "theater" and not is_stage(c.slot)
    )


def performed(s, q, row):
    pc = s.row[q["card"]]
    if q["seat"] == BOT:
        row["shows"] += 1
        row["own_in_own_show"] += mine(pc)
        row["other_in_own_show"] += mine(pc, 1)
        row["links_in_own_show"] += q["links"]
        row["best_left_at_own_show"] += max(mine(x) for x in s.row)
    else:
        row["successor_shows"] += 1
        row["own_in_successor_show"] += mine(pc)


def count(cat, s, after, e, row):
    """One event of a step, ``s`` the state before it and ``after`` the state after."""
    q = e.params
    ours = q.get("seat") == BOT
    if e.code == "trickerion.performance_phase":
        at_shows(cat, after, row)
    elif e.code == "trickerion.performed":
        performed(s, q, row)
    elif e.code == "trickerion.no_performance" and ours:
        row["stage_no_card"] += 1
    elif e.code == "trickerion.prepared" and ours:
        row["prepared"] += q["markers"]
        row["prepared.l2+"] += q["markers"] * (cat.trick_level[q["trick"]] >= 2)
    elif e.code == "trickerion.set_up" and ours:
        row["set_up"] += 1
    elif e.code == "trickerion.performance_discarded":
        row["lost_on_discarded"] += mine(s.row[-1])
    elif e.code == "trickerion.end_of_round":
        row["unplaced_at_end"] += sum(t.markers for t in after.players[BOT].tricks)
        row["staged_at_end"] += sum(mine(pc) for pc in after.row)
    elif e.code == "trickerion.placed" and ours:
        row[f"placed.{q['location']}"] += 1
    elif e.code == "trickerion.made_idle" and ours:
        row["made_idle"] += 1
    elif e.code == "trickerion.gain" and ours and q["why"] == "performance_yield":
        row["show_fame"] += q["fame"]


def trace(seed, rounds):
    m = Match.new("trickerion-solo", 2, {"difficulty": "low"}, seed)
    bot = GreedyBot(bot_seed(seed, 0))
    cat = m.game.cat
    seen = 0
    per: dict[int, Counter] = defaultdict(Counter)
    while True:
        s = m.state
        to = m.to_act()
        if to.kind == "terminal":
            break
        row = per[s.round]
        if s.phase == "assign" and s.round != seen:
            seen = s.round
            at_assignments(cat, s, row)
        if to.kind != "players":
            events = m.auto_step(to) or []
        else:
            seat = to.seats[0]
            events = m.act(seat, bot.choose(m.game, s, seat, m.legal(seat, to)))
        for e in events:
            count(cat, s, m.state, e, row)
    p = m.state.players[BOT]
    if rounds:
        for r in sorted(per):
            print(seed, r, " ".join(f"{k}={v}" for k, v in sorted(per[r].items())))
        print(seed, "END", p.fame, m.state.final[BOT] if m.state.final else "")
    return per, (m.state.final[BOT].get("total", p.fame) if m.state.final else p.fame)


def main():
    first, count = int(sys.argv[1]), int(sys.argv[2])
    rounds = "--rounds" in sys.argv
    total: dict[int, Counter] = defaultdict(Counter)
    by_tricks: dict[int, Counter] = defaultdict(Counter)
    fames = []
    for seed in range(first, first + count):
        per, fame = trace(seed, rounds)
        fames.append(fame)
        for r, c in per.items():
            total[r].update(c)
            if r >= 2:
                by_tricks[min(c["tricks"], 2)].update(c)
                by_tricks[min(c["tricks"], 2)]["rounds"] += 1
    keys = sorted({k for c in total.values() for k in c})
    print(
        f"means over {count} games, by round (seeds {first}-{first + count - 1}); fame {sum(fames) / count:.2f}"
    )
    print("key".ljust(26) + "".join(f"r{r}".rjust(7) for r in sorted(total)) + "   game")
    for k in keys:
        vals = [total[r][k] / count for r in sorted(total)]
        print(k.ljust(26) + "".join(f"{v:7.2f}" for v in vals) + f"{sum(vals):7.2f}")
    print("rounds 2-7 by tricks owned at the assignments: means a round")
    groups = sorted(by_tricks)
    print("key".ljust(26) + "".join(("1" if g == 1 else f"{g}+").rjust(8) for g in groups))
    for k in keys + ["rounds"]:
        n = [by_tricks[g]["rounds"] for g in groups]
        print(
            k.ljust(26)
            + "".join(
                f"{by_tricks[g][k] / (1 if k == 'rounds' else max(1, x)):8.2f}"
                for g, x in zip(groups, n)
            )
        )


if __name__ == "__main__":
    main()
