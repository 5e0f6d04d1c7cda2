"""What a viewer may see (plan §3): deck orders, the boxed tent and other players' draft hands
are hidden; the RNG never leaves the engine."""

from __future__ import annotations

from collections import Counter
from typing import Any

import msgspec

from engine.games.magnificent import common, perform, scoring
from engine.games.magnificent import components as C
from engine.games.magnificent.rules import Rules
from engine.games.magnificent.state import MagState
from engine.games.magnificent.turn import ap


def view(game: Any, s: MagState, viewer: int | None) -> dict[str, Any]:
    data: dict[str, Any] = msgspec.to_builtins(s)
    data.pop("rng", None)
    data.pop("dealt", None)  # the first round's dice before their Roll shows them
    for deck in ("master_deck", "tile_stack", "poster_deck"):
        data[deck] = len(data[deck])  # counts are public, orders are not
    data.pop("box_tent", None)
    for i, p in enumerate(data["players"]):
        p["camp"] = list(s.players[i].camp)  # per cell: 0 empty, else 1 + built index
        # only a hand in the draft is secret: with none, every viewer sees the same table (the
        # hotseat cover comes up only where views differ)
        if i != viewer and (p["draft"] or p["kept"]):
            p["draft"] = len(p["draft"])
            p["kept"] = bool(p["kept"])
    data["ap"] = ap(s) if s.turn.die is not None else 0
    data["provisional"] = game.rules.pack.provisional
    data["provisional_parts"] = list(game.rules.pack.provisional_parts)
    data["packs"] = game.pack_fingerprint()
    data["table"] = table(game.rules, s)
    return data


def table(r: Rules, s: MagState) -> dict[str, Any]:
    """What the page shows beside the state, so it needs no rules of its own: each fragment's
    distinct orientations (the ``orient`` index of a placement), per player each master card's
    value if scored now (full and halved, R74/R79), the round-end payment forecast (R70-R71) and
    what each held poster still lacks to be performed alone (R52)."""
    players = []
    for seat, p in enumerate(s.players):
        values = []
        artist = scoring.best_artist(r, s, seat) if p.rewarded else ""
        for held in p.cards:
            cond = r.cards[held.id].condition
            coins = p.coins
            if isinstance(cond, C.PayCoinsCond):
                coins = min(p.coins, cond.max_times)
            values.append(
                [
                    scoring.value(r, s, seat, cond, artist, coins),
                    scoring.value(r, s, seat, cond, artist, coins, half=True),
                ]
            )
        big, clear = common.owes(p)
        short = max(0, big + clear - p.coins)
        players.append(
            {
                "card_values": values,
                "owes": big + clear,
                "dice_sums": common.dice_sums(p),
                "short": short,
                "penalty": short * s.round,
                "areas": scoring.fill_areas(r, s, seat)[0],
                "posters": [poster_need(r, s, seat, i) for i in range(len(p.posters))],
            }
        )
    return {
        "shapes": {
            f: [[list(c) for c in shape] for shape in shapes] for f, shapes in r.shapes.items()
        },
        "players": players,
    }


def poster_need(r: Rules, s: MagState, seat: int, slot: int) -> dict[str, Any] | None:
    """R52 for one poster: its tent space covered, the camp tiles (a multiset of the built
    ones) and the gems (the poster's and its tent's; clear ones stand in) it still lacks."""
    p = s.players[seat]
    if p.posters[slot] is None:
        return None
    frags, gems = perform.reward_needs(r, s, seat, (slot,))
    built = Counter(b.fragment for b in p.built)
    short = 0
    for g, k in gems.items():
        if g != "clear":
            short += max(0, k - p.gems[g])
    short = max(0, short + gems["clear"] - p.gems["clear"])
    return {
        "tent": p.tents[slot] is not None,
        "fragments": sorted(f for f, k in frags.items() for _ in range(max(0, k - built[f]))),
        "gems_short": short,
    }
