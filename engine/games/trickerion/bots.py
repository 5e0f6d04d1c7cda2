"""A greedy Trickerion bot: simple plans for the hidden choices, one-step lookahead elsewhere.

Assignments and where to place a character follow a few rules of thumb (perform when markers
wait in the Theater, prepare when props are there, shop when they are missing, learn or take
coins Downtown). Every other decision (location actions, link rewards, which card to perform,
setup picks) applies each legal action to a copy and keeps the one that raises a value of the
bot's own position most (fame, coins, shards, prepared and set-up markers, tricks, helpers);
in the solo game, less half of what the move hands Dahlgaard's Successor.
Actions that stop at a draw (Reroll Die, Interest) are scored by rule instead of lookahead,
so the bot never peeks at a future die roll; it reads only its own seat's resources.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from engine.core.learning import load_weights
from engine.core.levels import level_bots
from engine.core.loop import played
from engine.core.rng import Rng
from engine.games.trickerion import actions as A
from engine.games.trickerion import hire, jobs
from engine.games.trickerion.catalog import Catalog, is_stage
from engine.games.trickerion.common import effective, has_components, markers_in_theater
from engine.games.trickerion.placement import board_index, slot_modifier
from engine.games.trickerion.scoring import characters_fame, level3_bonus
from engine.games.trickerion.state import State
from engine.games.trickerion.table import Table

MAX_CANDIDATES = 60

# What a move hands the Successor counts against it at the weight the rollouts give the best
# other seat (engine.core.rollout.OTHERS): that weight is why hard, scoring less than greedy,
# held the Successor 18.9 fame lower. The Successor sets its markers beside the bot's
# (theater.card.3), so most of what it gains from the bot is its markers' yields when the bot
# performs their card (docs/bots.md, "Issue #30, session 18").
SUCCESSOR = 0.5

# The Magician's stage: an earlier day picks its card first, worth this much a day over what
# the day's modifiers are worth (jobs.day_worth).
DAY = 0.5

# How far a Magician with markers to perform ranks its backstage slots below any stage
# (``_place_score``).
STAGE = 10.0

# The coins the poster leaves for the round's wages and the props a new trick asks (``kept``),
# and the rounds at the game's end where it leaves only the wages: a coin kept to the end
# scores a third of a fame, the poster 2 fame for 1 to 4 coins.
KEPT = 6
LATE_ROUNDS = 3

# Where the bot's characters are placed before any goes to the Theater (_place_score).
FIRST = ("workshop", "downtown", "market_row", "dark_alley")


@functools.cache
def shipped() -> dict[str, float]:
    """The position value's weights (fame-equivalents), tuned by self-play: ``python -m
    engine train --game trickerion`` (learned/greedy.json says how they were made). What each
    weighs is named where ``value`` uses it."""
    return load_weights("engine.games.trickerion", "greedy.json")


def value(g: Table, s: State, seat: int, w: dict[str, float] | None = None) -> float:
    """How good ``seat``'s position looks, in fame it can expect to add up to (its own
    resources and the public board only)."""
    w = w or shipped()
    cat = g.cat
    p = s.players[seat]
    if s.phase == "over":
        return float(p.fame)
    last = g.rules.last_round
    gone = max(0, min(last, s.round) - 1) / max(1, last - 1)
    left = max(0, last - max(s.round, 1))  # whole rounds after this one
    coin = w["coin_early"] + (w["coin_end"] - w["coin_early"]) * gone
    if s.round >= last:
        # No round is left to spend a coin in: it is worth what the end's scoring pays for it
        # (the tuned coin_end, 0.64, had greedy keep coins over a performer's fame; solo at
        # low, 400 seeds: +0.08 own fame; docs/bots.md, "Issue #30, session 25: level 3").
        coin = 1 / cat.end.coins_per_fame
    v = p.fame + coin * min(p.coins, 60) + w["shard"] * p.shards + w["special"] * len(p.specials)
    if s.round >= last:
        v += _end_characters(g, s, seat)
    values = {}
    potential = []
    for t in p.tricks:
        f, c, sh = cat.trick_yield[t.id]
        worth = f + coin * c + sh
        values[t.sym] = worth
        v += w["prepared"] * worth * t.markers
        trick = cat.tricks[t.id]
        per = (trick.markers + (1 if t.eng else 0)) * worth
        if has_components(cat, p, t.id):
            potential.append((w["trick"] + w["ready"]) * per * left)
        else:
            # Worth what it will yield once the missing components are bought (a round
            # later), less their price: learning a trick the purse cannot equip is worth 0.
            missing = sum(
                cat.prop_cost[k] * max(0, n - effective(p, k)) for k, n in trick.components.items()
            )
            later = w["trick"] * per * max(0, left - 1) - w["buy"] * coin * missing
            potential.append(max(w["trick_missing"] * per * left, later))
    # A round has room to run about three tricks: a fourth adds nothing until it beats one.
    v += sum(sorted(potential)[-3:])
    leaves = s.round >= cat.perf_rules.discard_from_round
    last_card = len(s.row) - 1
    # The card the Successor performs first is no show of the seat's: its markers there yield
    # in the Successor's show, and the Magician's stage finds no card of its own.
    taken = g.rules.automaton_takes(s, seat)
    staged_best = 0.0
    for i, pc in enumerate(s.row):
        here = 0.0
        for cell, code in enumerate(pc.m):
            if code >= 0 and code // 4 == seat:
                here += values.get(code % 4, 0.0) * (2 if cell in pc.dbl else 1)
        for code in pc.guest:
            if code // 4 == seat:
                here += values.get(code % 4, 0.0)
        v += (w["leaving"] if leaves and i == last_card else w["staged"]) * here
        if i != taken:
            staged_best = max(staged_best, here)
    due = 0
    for ch in p.chars:  # (``c`` above is a trick's coins)
        v += left * (
            w["ap"] * cat.base_ap[ch.kind]
            - w["wage"] * coin * (0 if ch.assist else cat.wage[ch.kind])
        )
        if ch.card and not ch.idle and not ch.assist:
            due += cat.wage[ch.kind]
        if ch.kind == "magician" and ch.slot >= 0 and is_stage(ch.slot):
            v += w["booked"] * staged_best
    for kind in p.hired:
        v += left * (w["ap"] * cat.base_ap[kind] - w["wage"] * coin * cat.wage[kind])
    v -= w["short"] * max(0, due - p.coins)
    if left:
        v += w["level_gate"] * ((p.fame >= 16) + (p.fame >= 36)) * min(1.0, left / 2)
    if g.rules.options.dark_alley:
        cap = cat.end.cap
        for t in p.tricks:
            if cat.trick_level[t.id] == 3 and (t.markers > 0 or has_components(cat, p, t.id)):
                v += min(cap, level3_bonus(cat, p, t.id))
    return v


def _end_characters(g: Table, s: State, seat: int) -> float:
    """The fame the end pays for the seat's characters (only without the Dark Alley, capped
    like every category): in the last round the lookahead compares moves with the game's end,
    whose score has it (greedy ended its last turn unset-up rather than perform, 49 fame to 40
    in the golden 2p-fast-no-alley, once a coin there was worth a third of a fame)."""
    if g.rules.options.dark_alley:
        return 0.0
    return float(sum(characters_fame(g.cat, s.players[seat])))


def kept(g: Table, s: State, seat: int) -> int:
    """The coins the poster leaves in the purse: ``KEPT`` while rounds remain to learn and
    equip tricks in, and in the last ``LATE_ROUNDS`` only this round's wages (an idle body
    is paid none, so every character's is an upper bound). Along greedy's solo games the
    poster then declined at 5 coins with 1 to pay and 4 of wages, where it was worth +1.8 to
    +2.0 of utility on the mean of 8 futures (docs/bots.md, "Issue #30, session 24")."""
    if g.rules.last_round - max(s.round, 1) >= LATE_ROUNDS:
        return KEPT
    cat = g.cat
    return sum(cat.wage[c.kind] for c in s.players[seat].chars if not c.assist)


def preparable(g: Table, s: State, seat: int) -> str:
    """The trick a Workshop character would prepare this round: the most yielding one the seat
    holds the props for and has no marker of ("" if none). The round plan staffs the Workshop
    by its prepare AP, and the hint's why-line names it."""
    cat = g.cat
    p = s.players[seat]
    best, out = -1.0, ""
    for t in p.tricks:
        if t.markers or not has_components(cat, p, t.id):
            continue
        f, c, sh = cat.trick_yield[t.id]
        worth = (f + c / 2 + sh) * cat.tricks[t.id].markers
        if worth > best:
            best, out = worth, t.id
    return out


class GreedyBot:
    def __init__(self, seed: int, weights: dict[str, float] | None = None) -> None:
        self.rng = Rng.from_seed(seed)
        self.weights = weights

    def choose(self, game: Table, state: State, seat: int, legal: list[Any]) -> Any:
        s = state
        if s.pending and isinstance(legal[0], (A.ChooseMagician, A.ChooseTrick)):
            return self._opening(game, s, seat, legal)
        if s.pending:
            return self._lookahead(game, s, seat, legal)
        if s.phase == "advertise":
            from engine.games.trickerion.common import advertise_cost

            cost = advertise_cost(game.rules, s, seat)
            rich = s.players[seat].coins >= cost + kept(game, s, seat) and hire.spares(
                game, s, seat, cost
            )
            return A.Advertise(rich) if A.Advertise(rich) in legal else legal[0]
        if s.phase == "assign":
            return self._assign(game, s, seat, legal)
        if s.phase == "place" and s.act is None:
            return self._place(game, s, seat, legal)
        return self._lookahead(game, s, seat, legal)

    # --- opening ---------------------------------------------------------------------------

    @staticmethod
    def _opening(g: Table, s: State, seat: int, legal: list[Any]) -> Any:
        """The magician and starting trick by the trick's rank (``start_rank``; list order
        breaks what it leaves tied): a magician ranks as the best starting trick of its school
        still free."""
        from engine.games.trickerion.common import residence

        cat = g.cat
        if isinstance(legal[0], A.ChooseTrick):
            return max(legal, key=lambda a: start_rank(cat, a.trick))
        free = set(residence(g.rules, s))

        def best(a: A.ChooseMagician) -> tuple[float, int]:
            school = cat.magicians[a.magician].school
            return max(
                (start_rank(cat, t) for t in cat.level1[school] if t in free), default=(0.0, 0)
            )

        return max(legal, key=best)

    # --- lookahead -------------------------------------------------------------------------

    def ranked(self, game: Table, state: State, seat: int, legal: list[Any]) -> list[Any]:
        """The bot's own choice first, then the likeliest alternatives the execution would
        make: by looked-ahead value where it looks ahead, else the plan's other options.
        The rollout levels compare the first few, on two futures or fewer: an alternative
        that does nothing (a placement without a job, an assignment the plan refuses or to
        a location with no job, a stop or a character made idle where the bot works) won
        there on luck alone and was played, and a twin slot made one of the few a repeat
        (docs/bots.md, "Issue #30, session 20" and "session 21")."""
        s = state
        opening = bool(s.pending) and isinstance(legal[0], (A.ChooseMagician, A.ChooseTrick))
        if not opening and (
            s.pending
            or not (s.phase in ("advertise", "assign") or (s.phase == "place" and s.act is None))
        ):
            out = self._scored(game, s, seat, legal)
            if s.act is not None and not s.pending and not isinstance(out[0], _STOP):
                # A character placed for a job does one: compare which, not whether.
                out = [a for a in out if not isinstance(a, _STOP)]
            return out
        first = self.choose(game, s, seat, legal)
        rest = [a for a in legal if a != first]
        if s.phase == "assign":
            # A character sent where it has no job this round is made idle there, or placed
            # for nothing: compared only where the plan itself sends one so. Where the plan
            # sends one to a job, stopping is not compared: on two futures it won by luck and
            # hard sent fewer characters (docs/bots.md, "session 21 (continued)").
            working = isinstance(first, A.Assign) and self._has_job(game, s, seat, first)
            jobless = isinstance(first, A.Assign) and not working
            rest = _narrowest(
                rest,
                lambda a: not isinstance(a, A.Assign) or self._sent(game, s, seat, a),
                lambda a: not isinstance(a, A.Assign) or jobless or self._has_job(game, s, seat, a),
                lambda a: not (working and isinstance(a, A.EndAssignments)),
            )
        elif s.phase == "place":
            # A character greedy places for a job is compared at other jobs, not made idle;
            # and a slot that differs from one before it only by its number is the same move.
            working = isinstance(first, A.PlaceCharacter) and self._placeable(game, s, seat, first)
            rest = _narrowest(
                rest,
                lambda a: not isinstance(a, A.PlaceCharacter) or self._placeable(game, s, seat, a),
                lambda a: not (working and isinstance(a, A.MakeIdle)),
            )
        if s.phase == "assign" and isinstance(first, A.Assign):
            # the same character elsewhere first, then stopping, then the others
            rest.sort(
                key=lambda a: (
                    0
                    if isinstance(a, A.Assign) and a.character == first.character
                    else 1
                    if isinstance(a, A.EndAssignments)
                    else 2
                )
            )
        elif s.phase == "place":
            score = self._place_score(game, s, seat)
            rest.sort(key=lambda a: -score(a) if isinstance(a, A.PlaceCharacter) else 99)
            seen = {_twin(game, seat, first)}
            distinct = []
            for a in rest:
                key = _twin(game, seat, a)
                if key not in seen:
                    seen.add(key)
                    distinct.append(a)
            rest = distinct or rest
        return [first, *rest]

    def _lookahead(self, g: Table, s: State, seat: int, legal: list[Any]) -> Any:
        if len(legal) == 1:
            return legal[0]
        return self._scored(g, s, seat, legal)[0]

    def _scored(self, g: Table, s: State, seat: int, legal: list[Any]) -> list[Any]:
        """The legal actions by the value one step ahead, best first (stable for ties)."""
        if len(legal) == 1:
            return list(legal)
        candidates = legal
        if len(candidates) > MAX_CANDIDATES:
            # Buys are never drawn out: at the Market Row the Orders make 70 moves or more, and
            # the one Buy that finished equipping a trick was left out (seed 50165, round 6).
            # Nor are Learn Tricks: Downtown's 40 or more learns made it some 80 moves, and the
            # draw's best differed from the best of all at 34 of 126 such Downtown turns in 40
            # solo games (Take Coins left out at 13). Kept, they leave the rest under the cap,
            # all scored (solo at low, 800 seeds: own fame +0.67; docs/bots.md, "Issue #30,
            # session 26").
            keep = [a for a in legal if isinstance(a, (A.EndTurn, A.Pass, *_NEVER_DRAWN))]
            picks = [a for a in legal if not isinstance(a, _NEVER_DRAWN)]
            self.rng.shuffle(picks)
            candidates = keep + picks[:MAX_CANDIDATES]
        w = self.weights or shipped()
        base = value(g, s, seat, w)
        rival = g.rules.automaton_worth(s)
        scored = []
        last = []
        for index, action in enumerate(candidates):
            if isinstance(action, (A.DiscardProps, A.ReturnTrick)):
                last.append(action)
                continue
            if isinstance(action, A.RerollDie) or isinstance(action, A.SetDie):
                v = base - 0.5
            elif isinstance(action, A.EnhanceCharacter):
                v = self._enhanced(g, s, seat, w)
            else:
                new = played(g, s, seat, action)
                if new.draw is not None:
                    v = base + 1.0
                else:
                    v = value(g, new, seat, w)
                    handed = g.rules.automaton_worth(new)
                    if rival is not None and handed is not None:
                        v -= SUCCESSOR * (handed - rival)
            if isinstance(action, (A.EndTurn, A.Pass)):
                v += 0.01  # stop rather than spend AP on moves that change nothing
            elif isinstance(action, A.Order):
                v += self._order_bonus(g, s, seat, action)
            elif isinstance(action, A.DrawCards):
                # The value sees the card only once it is kept (the next decision): one of
                # the drawn is kept, worth a special card (a floor of 2 fame at the end).
                v += w["special"]
            v += hire.worth(g, s, seat, action)
            scored.append((-v, index, action))
        scored.sort(key=lambda t: (t[0], t[1]))
        return [a for _, _, a in scored] + last

    def _enhanced(self, g: Table, s: State, seat: int, w: dict[str, float]) -> float:
        """A shard's +1 AP is worth the best action it leads to (with one shard fewer): a
        trick's prepare AP or Downtown's 3 AP reached (the early hire counted), else less than
        stopping."""
        new, _ = g.apply(s, seat, A.EnhanceCharacter())
        best = value(g, new, seat, w)
        for action in g.legal_actions(new, seat):
            if isinstance(action, (A.EndTurn, A.DiscardProps, A.ReturnTrick, A.RerollDie)):
                continue
            if isinstance(action, (A.Prepare, A.LearnTrick, A.HireCharacter, A.TakeCoins)):
                after = played(g, new, seat, action)
                if after.draw is None:
                    best = max(best, value(g, after, seat, w) + hire.worth(g, new, seat, action))
        return best

    @staticmethod
    def _order_bonus(g: Table, s: State, seat: int, action: A.Order) -> float:
        """Orders pay off later: worth a little when an owned trick lacks that prop. An order
        placed in the last round would reach the Buy area for a round that never comes (the
        book's Order: "its prop can be bought next round"), so it is worth less than stopping;
        Logistics' slot and Traveling Merchants' prop are had this round and keep the bonus."""
        p = s.players[seat]
        prop = action.prop
        arrives_after_the_game = action.slot >= 0 and not action.now
        if arrives_after_the_game and s.round >= g.rules.last_round:
            return -0.05
        if prop in s.market.buy or effective(p, prop) >= 3:
            return -0.05
        need = max(
            (n for t in p.tricks for k, n in g.cat.tricks[t.id].components.items() if k == prop),
            default=0,
        )
        return 0.6 if need > effective(p, prop) else -0.05

    # --- assignments -----------------------------------------------------------------------

    def _wanted(self, g: Table, s: State, seat: int) -> list[str]:
        """This round's plan: one location per character, most important first. The pipeline
        (prepare in the Workshop, set up backstage, perform on the stage) fits in one round,
        since the player places the Workshop character before the Theater ones."""
        cat = g.cat
        p = s.players[seat]
        last = g.rules.last_round
        prepared = sum(t.markers for t in p.tricks)
        staged = sum(markers_in_theater(s, seat * 4 + t.sym) for t in p.tricks)
        preparable = [
            t
            for t in p.tricks
            if t.markers == 0
            and has_components(cat, p, t.id)
            and markers_in_theater(s, seat * 4 + t.sym) < 4
        ]
        missing = [t for t in p.tricks if not has_components(cat, p, t.id)]
        out: list[str] = []
        if prepared or staged or preparable:
            out.append("theater")  # the Magician's stage
        out += ["workshop"] * min(2, len(preparable))
        if prepared or preparable:
            out.append("theater")  # backstage: set up
        gate = (p.fame >= 16 and not any(cat.trick_level[t.id] >= 2 for t in p.tricks)) or (
            p.fame >= 36 and not any(cat.trick_level[t.id] == 3 for t in p.tricks)
        )
        if len(p.tricks) < 2 or gate or p.coins < 4:
            out.append("downtown")
        if missing and p.coins >= 3:
            out.append("market_row")
        if s.round <= 3 and len(p.chars) < 5:
            out.append("downtown")
        if s.round < last:
            out.append("market_row" if missing else "downtown")
        out += ["dark_alley", "downtown", "market_row", "workshop", "dark_alley", "theater"]
        if hire.first_visit(g, s, seat):
            out.insert(0, "downtown")
        return out

    def _assign(self, g: Table, s: State, seat: int, legal: list[Any]) -> Any:
        p = s.players[seat]
        assigns = [a for a in legal if isinstance(a, A.Assign)]
        if not assigns:
            return A.EndAssignments()
        free = {a.character for a in assigns}
        cat = g.cat
        # Locations still wanted once the characters already assigned are taken off the plan.
        plan = self._wanted(g, s, seat)
        for c in p.chars:
            if c.card:
                loc = cat.card_location(c.card)
                if loc in plan:
                    plan.remove(loc)
        need = self._prepare_ap(g, s, seat)
        for loc in plan:
            if loc == "workshop" and need:
                # The character whose AP (with a shard's +1) reaches the trick's prepare AP,
                # the cheapest of those first.
                reach = need - (1 if p.shards else 0)
                order = sorted(
                    free,
                    key=lambda i: (
                        cat.base_ap[p.chars[i].kind] < reach,
                        cat.base_ap[p.chars[i].kind] < need,
                        cat.base_ap[p.chars[i].kind],
                    ),
                )
            else:
                order = sorted(free, key=lambda i: _fit(p.chars[i].kind, loc))
            for char in order:
                if not self._sendable(g, s, seat, char, loc):
                    continue
                cards = [a.card for a in assigns if a.character == char]
                if loc in cards:
                    return A.Assign(char, loc)
                # A special assignment card kept to the end is worth 2 fame: it sends a body
                # only where the location's permanent card is already spent.
                specials = [
                    x for x in cards if x in cat.specials and cat.specials[x].location == loc
                ]
                if specials:
                    return A.Assign(char, specials[0])
        # (a rank may be asked to order a few moves only: the choice stays among them)
        return A.EndAssignments() if A.EndAssignments() in legal else assigns[0]

    @staticmethod
    def _sendable(g: Table, s: State, seat: int, char: int, loc: str) -> bool:
        """Whether the plan may send ``char`` to ``loc``: its wage is paid (an idle character
        costs none), and no apprentice goes as a second body Downtown without a shard."""
        cat = g.cat
        p = s.players[seat]
        c = p.chars[char]
        wage = 0 if c.assist else cat.wage[c.kind]
        busy = sum(cat.wage[x.kind] for x in p.chars if x.card and not x.assist)
        if wage and p.coins < busy + wage and s.round > 1:
            return False
        # Every Downtown action but the dice costs 3 AP: an apprentice goes only where the
        # slot left to it (after the seat's other bodies there) reaches 3 (jobs.downtown_job).
        return not (
            loc == "downtown" and c.kind == "apprentice" and not jobs.downtown_job(g, s, seat)
        )

    def _sent(self, g: Table, s: State, seat: int, a: A.Assign) -> bool:
        """Whether the plan could make this assignment: ``_sendable``, and a special card
        only for a body the location's permanent card cannot send (kept, it is 2 fame)."""
        special = g.cat.specials.get(a.card)
        if special is None:
            return self._sendable(g, s, seat, a.character, a.card)
        loc = special.location
        return self._sendable(g, s, seat, a.character, loc) and not s.players[seat].hand.get(loc)

    @staticmethod
    def _has_job(g: Table, s: State, seat: int, a: A.Assign) -> bool:
        """Whether the character assigned has a job where the card sends it this round, as
        the plan reads the round: a trick to prepare in the Workshop (one a body), a prop
        the purse can buy for a trick at the Market Row, backstage a set-up (the Magician:
        markers to perform or to prepare). Downtown and the Dark Alley always pay."""
        cat = g.cat
        p = s.players[seat]
        loc = cat.card_location(a.card)
        there = [c for c in p.chars if c.card and cat.card_location(c.card) == loc]
        if loc == "workshop":
            ready = [
                t
                for t in p.tricks
                if t.markers == 0
                and has_components(cat, p, t.id)
                and markers_in_theater(s, seat * 4 + t.sym) < 4
            ]
            return len(ready) > len(there)
        if loc == "market_row":
            lacking = {
                k
                for t in p.tricks
                for k, n in cat.tricks[t.id].components.items()
                if effective(p, k) < n
            }
            return any(cat.prop_cost[k] <= p.coins for k in lacking)
        if loc == "theater":
            if p.chars[a.character].kind == "magician":
                return _markers_to_perform(s, seat) or bool(preparable(g, s, seat))
            return jobs.set_ups_wanted(g, s, seat) > jobs.backstage_ap(g, s, seat)
        return True

    @staticmethod
    def _prepare_ap(g: Table, s: State, seat: int) -> int:
        """The prepare AP of the best trick that could be prepared this round (0: none)."""
        trick = preparable(g, s, seat)
        return g.cat.tricks[trick].prepare_ap if trick else 0

    # --- placement -------------------------------------------------------------------------

    def _place_score(self, g: Table, s: State, seat: int) -> Callable[[A.PlaceCharacter], float]:
        p = s.players[seat]
        has_markers = _markers_to_perform(s, seat)
        downtown = jobs.downtown_ap(g, s)
        # The Theater waits: for the Workshop (prepare before setting up), and for the
        # locations whose first arrivals get the most AP (a Downtown apprentice placed after
        # the stage found the +2 slot taken and went idle). The stage's four days are less
        # contested, and its day is chosen by what the day is worth, not by arriving first.
        cat = g.cat
        theater_waits = any(
            cat.card_location(c.card) in FIRST and c.slot < 0 and not c.idle for c in p.chars
        )

        def score(a: A.PlaceCharacter) -> float:
            c = p.chars[a.character]
            index = board_index(seat, a.location, a.slot)
            sc: float = slot_modifier(g.rules, seat, index) + g.cat.base_ap[c.kind]
            if a.location == "theater":
                day, k = divmod(a.slot, 3)
                if k == 2:
                    sc = 10 - DAY * day + jobs.day_worth(g, s, seat, day) if has_markers else -5
                else:
                    sc -= 0.3 * day
                    if c.kind == "magician" and has_markers:
                        # Thursday's stage loses a fame and a coin a marker performed: with
                        # four markers it tied the Magician's backstage slot (3 AP + 1), the
                        # tie went backstage, and the round had no show.
                        sc -= STAGE
                if theater_waits:
                    sc -= 20
            elif a.location == "workshop":
                sc -= 1  # private slots: no hurry, after the contested ones
            elif a.location == "downtown" and c.kind == "apprentice" and sc >= downtown:
                # Only the +2 slot gives an apprentice an action: it goes before the bodies
                # that reach 3 AP on the other slot too.
                sc += downtown
            return sc

        return score

    def _place(self, g: Table, s: State, seat: int, legal: list[Any]) -> Any:
        places = [a for a in legal if isinstance(a, A.PlaceCharacter)]
        if not places:
            idle = [a for a in legal if isinstance(a, A.MakeIdle)]
            return idle[0] if idle else legal[0]
        score = self._place_score(g, s, seat)
        best = max(places, key=score)
        if best.location == "theater" and best.slot % 3 == 2 and not _markers_to_perform(s, seat):
            idle = [a for a in legal if isinstance(a, A.MakeIdle) and a.character == best.character]
            others = [a for a in places if a.character != best.character]
            if others:
                return max(others, key=score)
            if idle:
                return idle[0]
        if self._useful(g, s, seat, best):
            return best
        # Nothing there is worth the character's wage: its best other slot, else idle.
        for a in sorted(places, key=lambda a: -score(a))[:6]:
            if (
                a.character == best.character
                and a != best
                and (a.location != "theater" or a.slot % 3 != 2)
                and self._useful(g, s, seat, a)
            ):
                return a
        others = [a for a in places if a.character != best.character]
        idle = [a for a in legal if isinstance(a, A.MakeIdle) and a.character == best.character]
        return idle[0] if idle else max(others, key=score) if others else best

    def _placeable(self, g: Table, s: State, seat: int, place: A.PlaceCharacter) -> bool:
        """Whether ``_place`` could make this placement: the stage only with markers to
        perform, elsewhere a job worth the wage (``_useful``)."""
        if place.location == "theater" and place.slot % 3 == 2:
            return _markers_to_perform(s, seat)
        if not self._useful(g, s, seat, place):
            return False
        if place.location == "theater":
            return True
        # ``_worth`` counts any work the rules allow; the bot may still decline it (a trick
        # learned or a body hired in the last round): compared, that placement does nothing.
        # A bot of its own: with over MAX_CANDIDATES legal moves (Downtown's learns by die)
        # the lookahead draws which it scores, and the answer should not hang on the draws
        # this bot made before.
        bot = GreedyBot(0, self.weights)
        new, _ = g.apply(s, seat, place)
        for _ in range(2):  # its first action, and the one after an Enhance
            if new.act is None or new.pending or seat not in g.to_act(new).seats:
                return True
            first = bot.choose(g, new, seat, g.legal_actions(new, seat))
            if isinstance(first, _STOP):
                return False
            if not isinstance(first, A.EnhanceCharacter):
                return True
            new, _ = g.apply(new, seat, first)
        return True

    def _useful(self, g: Table, s: State, seat: int, place: A.PlaceCharacter) -> bool:
        """Whether the placement gives the character a job worth its wage: backstage a set-up
        (a specialist's bonus counts), elsewhere ``_worth``."""
        if place.location == "theater":
            return jobs.can_set_up(g, s, seat, place)
        return self._worth(g, s, seat, place)

    def _worth(self, g: Table, s: State, seat: int, place: A.PlaceCharacter) -> bool:
        """Whether the character placed there can do something worth its wage: an action
        that earns or builds (a shard's +1 AP counted), or at the Market Row, a purchase the
        lookahead prefers to stopping."""
        new, _ = g.apply(s, seat, place)
        if new.act is None or new.pending or seat not in g.to_act(new).seats:
            return True
        legal = g.legal_actions(new, seat)
        if place.location == "market_row":
            first = self._scored(g, new, seat, legal)[0]
            return not isinstance(first, (A.EndTurn, A.Pass))
        if any(isinstance(a, _WORK) for a in legal):
            return True
        if A.EnhanceCharacter() in legal:
            more, _ = g.apply(new, seat, A.EnhanceCharacter())
            return any(isinstance(a, _WORK) for a in g.legal_actions(more, seat))
        return False


# Location actions a character's wage is worth paying for (Reroll / Set Die only serve these).
_WORK = (A.Prepare, A.LearnTrick, A.HireCharacter, A.TakeCoins, A.DrawCards)
_STOP = (A.EndTurn, A.Pass)
# Moves ``_scored`` scores however many the legal moves are (``MAX_CANDIDATES``).
_NEVER_DRAWN = (A.Buy, A.LearnTrick)


def _narrowest(rest: list[Any], *keeps: Callable[[Any], bool]) -> list[Any]:
    """``rest`` through each filter in turn, but a filter that would leave no alternative is
    skipped: a single candidate leaves the rollouts (and a hint) nothing to weigh (the verdict
    repro's step 84, where the plan refuses every assignment)."""
    for keep in keeps:
        rest = [a for a in rest if keep(a)] or rest
    return rest


def _twin(g: Table, seat: int, a: Any) -> Any:
    """A placement as the rules tell it from its twins: the character, the location, the
    slot's modifier (and the Theater's day and whether it is the stage). Else the move."""
    if not isinstance(a, A.PlaceCharacter):
        return a
    mod = slot_modifier(g.rules, seat, board_index(seat, a.location, a.slot))
    day = (a.slot // 3, a.slot % 3 == 2) if a.location == "theater" else None
    return (a.character, a.location, mod, day)


def start_worth(cat: Catalog, trick: str) -> float:
    """A starting trick's worth: a prepare's yield (a coin at full worth: coins buy the next
    trick's props; a shard at 2: a fame at the end and, before that, the +1 AP that reaches
    a prepare or Downtown) less half the price of the props it needs."""
    f, c, sh = cat.trick_yield[trick]
    t = cat.tricks[trick]
    price = sum(cat.prop_cost[k] * n for k, n in t.components.items())
    return t.markers * (f + c + 2 * sh) - 0.5 * price


def start_rank(cat: Catalog, trick: str) -> tuple[float, int]:
    """How the opening orders starting tricks: by ``start_worth``, and at equal worth by the
    fame a marker yields, the one part of a yield scored at once and for good (coins and
    shards are worth only what the seat later makes of them). In 2-player greedy self-play
    the second seat's tie, Spirit Hand against Window to the Otherworld (6.5 each), went to
    Spirit Hand by list order, and the first seat won 71 of 100 (docs/bots.md, "Issue #30,
    session 22: the second seat's starting trick")."""
    return start_worth(cat, trick), cat.trick_yield[trick][0]


def _markers_to_perform(s: State, seat: int) -> bool:
    """Markers set up in the Theater or prepared on a trick card (set up this round)."""
    p = s.players[seat]
    return any(t.markers for t in p.tricks) or any(
        markers_in_theater(s, seat * 4 + t.sym) for t in p.tricks
    )


def _fit(kind: str, loc: str) -> int:
    """Which character suits a location first: the Magician on the stage, a specialist
    backstage and at Downtown's 3-AP actions, an apprentice in the Workshop."""
    if loc == "theater":
        return {"magician": 0}.get(kind, 2 if kind == "apprentice" else 1)
    if kind == "magician":
        return 0 if loc == "downtown" else 1
    if loc == "workshop":
        return 0 if kind == "apprentice" else 1
    return 0 if kind != "apprentice" else 1


def make_greedy(seed: int) -> GreedyBot:
    return GreedyBot(seed)


# The search bot's levels (engine.core.search; Trickerion's knowledge is in ``search.py``).
BOTS = {"greedy": make_greedy, **level_bots()}
