"""Issue #30, session 20: the greedy bot's pipeline, solo at low, a game's means: prepares,
set-ups, learns and hires by round, who goes to the Theater, the Dark Alley's draws, special
cards assigned, and how its backstage turns end (AP spent with markers left on the trick cards,
or AP left with no room for them).

    PYTHONPATH=. python3 scripts/experiments/s20b_tally.py SEED GAMES

(At f58d2b6 it took the experiment's knobs first, as ``s20b_knobs.py`` there.)
"""

import sys
from collections import Counter
from typing import Any

import engine.games.trickerion.bots as bots
from engine.core.bots import bot_seed
from engine.core.match import Match
from engine.core.play import play_to_end


class Tallied:
    """The greedy bot, its every decision counted in ``tot`` before it is played."""

    def __init__(self, bot: bots.GreedyBot, tot: Counter[str]) -> None:
        self.bot, self.tot = bot, tot

    def choose(self, game: Any, s: Any, seat: int, legal: list[Any]) -> Any:
        a = self.bot.choose(game, s, seat, legal)
        cat, tot, p = game.cat, self.tot, s.players[0]
        n = type(a).__name__
        if n in ("Prepare", "SetUpTrick", "HireCharacter", "LearnTrick"):
            tot[n] += 1
        if n == "LearnTrick":
            tot[f"learn round {s.round} level {cat.trick_level[a.trick]}"] += 1
        if n == "HireCharacter":
            tot[f"hire {a.character} round {s.round}"] += 1
        if n == "DrawCards":
            tot["draw " + a.location] += 1
        if n == "Assign" and a.card in cat.specials:
            tot["special assigned " + cat.specials[a.card].location] += 1
        if n == "PlaceCharacter" and a.location == "theater":
            tot[("stage " if a.slot % 3 == 2 else "backstage ") + p.chars[a.character].kind] += 1
        if n == "EndTurn" and s.act is not None and s.act.loc == "theater" and s.act.slot % 3 != 2:
            left = sum(t.markers for t in p.tricks)
            if left and s.act.ap == 0:
                tot["backstage turn ends, AP out, markers left"] += 1
            if left and s.act.ap > 0:
                tot["backstage turn ends, room out"] += 1
        return a


first, games = int(sys.argv[1]), int(sys.argv[2])
tot: Counter[str] = Counter()
for seed in range(first, first + games):
    m = Match.new("trickerion-solo", 2, {"difficulty": "low"}, seed)
    play_to_end(m, {0: Tallied(bots.GreedyBot(bot_seed(seed, 0)), tot)})
    p = m.state.players[0]
    tot["end tricks"] += len(p.tricks)
    tot["end chars"] += len(p.chars)
for k, n in sorted(tot.items()):
    print(f"{k:50s} {n / games:.2f}")
