"""The futures a seat cannot tell apart (the hard levels' determinization, and the greedy bot's
own dealt world for looking a turn ahead): what it cannot see, dealt again."""

from __future__ import annotations

from engine.core.copier import copy_state
from engine.core.rng import Rng
from engine.core.tuples import change_at
from engine.games.magnificent.state import MagState


def determinize(game: object, state: MagState, viewer: int, rng: Rng) -> MagState:
    # (``game``: the search's determinization hook names the table; this deal needs none of it)
    s: MagState = copy_state(state)
    s.rng = Rng(state=rng.next_u64(), draws=s.rng.draws)
    if s.dealt:  # the first round's dice, not shown yet: unknown too
        s.dealt = tuple(rng.between(1, 6) for _ in s.dealt)
    others = [i for i, p in enumerate(s.players) if i != viewer and p.draft]
    if others:
        pool = sorted(s.master_deck + tuple(c for i in others for c in s.players[i].draft))
        rng.shuffle(pool)
        for i in others:
            p = s.players[i]
            n = len(p.draft)
            draft, pool = tuple(pool[:n]), pool[n:]
            kept = draft[rng.below(n)] if p.kept else p.kept
            change_at(s.players, i, draft=draft, kept=kept)
        s.master_deck = tuple(pool)
    # Sorted first: states differing only in hidden orders give the same determinizations.
    s.master_deck = tuple(rng.shuffled(sorted(s.master_deck)))
    s.tile_stack = tuple(rng.shuffled(sorted(s.tile_stack)))
    s.poster_deck = tuple(rng.shuffled(sorted(s.poster_deck)))
    return s
