"""The greedy bot plays legal moves to the end and beats the random bot."""

from __future__ import annotations

from seated import Seated

from engine.core.bots import RandomBot
from engine.core.copier import copy_state
from engine.core.match import Match
from engine.core.play import play_to_end
from engine.core.tuples import change_at
from engine.games.magnificent.bots import GreedyBot


def test_greedy_beats_random_over_seeds():
    wins = 0
    for seed in range(3):
        m = Match.new("magnificent", 2, None, seed=seed)
        play_to_end(m, {0: GreedyBot(seed), 1: RandomBot(seed)})
        res = m.result()
        wins += res.winners == [0]
    assert wins >= 2


def test_greedy_plays_solo_to_the_end():
    m = Match.new("magnificent-solo", 1, None, seed=4)
    play_to_end(m, {0: GreedyBot(4)})
    assert m.result() is not None


def test_profile_splits_the_score_by_source_and_by_round():
    """The profile's VP by source and by round each add up to the final score (R90's total):
    every VP the engine gives goes through a ``mag.vp`` event."""
    from engine.games.magnificent.profile import profile

    for seed, players in ((5, 1), (6, 2)):
        game = "magnificent-solo" if players == 1 else "magnificent"
        m = Match.new(game, players, None, seed=seed)
        play_to_end(m, {s: RandomBot(seed + s) for s in range(players)})
        rows = profile(m.state, [e for step in m.events for e in step])
        scores = m.result().scores
        for seat, row in enumerate(rows):
            by_source = sum(
                v
                for k, v in row.items()
                if k.startswith("vp.") and "round" not in k and k != "vp.end"
            )
            by_round = sum(v for k, v in row.items() if k.startswith("vp.round")) + row.get(
                "vp.end", 0
            )
            assert row["vp"] == by_source == by_round == scores[seat]
            assert row["performs"] >= 0 and row["posters_rewarded"] <= 4 * row["performs"]
        if players == 1:  # R92: each solo discard for a die counted (its event names no seat)
            discards = sum(1 for step in m.events for e in step if e.code == "mag.solo_die")
            assert discards > 0 and rows[0]["solo_dice"] == discards


def test_profile_counts_the_performs_that_reward_two_posters_or_more_or_none():
    """R50-R52: the Performs rewarding two or three posters together, each counted once, apart
    from those rewarding one or none (the measure of issue #30's two-poster Performs), and
    those rewarding none (a turn spent on the hat alone)."""
    from engine.core.events import Event
    from engine.games.magnificent.profile import profile

    m = Match.new("magnificent-solo", 1, None, seed=5)
    rewards = [[], ["p01"], ["p01", "p02"], ["p03", "p04", "p05"]]
    events = [Event("mag.reward", {"seat": 0, "posters": posters}) for posters in rewards]
    (row,) = profile(m.state, events)
    assert row["posters_rewarded"] == 6 and row["performs_two_posters"] == 2
    assert row["performs_empty"] == 1


def test_greedy_never_reads_the_hidden_future():
    """A seat does not see the poster deck's order or the dice still to be thrown: two
    positions differing only there get the same decision (before, a poster drawn from the
    deck or a die thrown for a solo discard was valued on the real state)."""
    from engine.core.rng import Rng

    m = Match.new("magnificent-solo", 1, None, seed=11)
    bot = RandomBot(11)
    checked = 0
    while not m.terminal and checked < 12:
        if m.auto_step() is not None:
            continue
        legal = m.legal(0)
        if len(legal) > 1 and m.state.phase == "turn":
            other = copy_state(m.state)
            other.poster_deck = tuple(reversed(other.poster_deck))
            other.rng = Rng(state=12345, draws=other.rng.draws)
            mine = GreedyBot(checked).choose(m.game, m.state, 0, legal)
            assert GreedyBot(checked).choose(m.game, other, 0, legal) == mine
            checked += 1
        m.act(0, bot.choose(m.game, m.state, 0, legal))
    assert checked == 12


def test_plan_prices_what_a_target_poster_still_needs():
    """R52: a poster pays with a tent under its slot, its fragments built and its gems paid,
    all at one Perform; each of those supplied raises the plan's worth, and fragments count
    as one multiset across the targets (one built fragment does not serve two posters)."""
    from engine.games.magnificent.plan import progress
    from tests.magnificent.helpers import build_fragments, ready

    g, s = ready(1, seed=3)
    r = g.rules
    p = Seated(s, 0)
    empty = (None,) * (len(p.posters) - 1)
    p.posters = ("p01", *empty)  # orange_small, no gem, on the printed starting tent
    p.built = ()
    bare = progress(r, s, 0)
    build_fragments(g, s, 0, ["orange_small"])
    done = progress(r, s, 0)
    st = r.boards[p.board].start_tent
    assert done == r.posters["p01"].vp + r.posters["p01"].coins / 3 + st.vp + st.coins / 3
    assert bare == done / 4  # its tent of its two needs met: a half, squared

    # a second target needing the same fragment: the one built fragment meets one of the two
    p.posters = ("p01", "p01", *empty[1:])
    p.tents = (p.tents[0], "tent07", *p.tents[2:])  # tent07: no gem
    half = progress(r, s, 0)
    build_fragments(g, s, 0, ["orange_small"])
    whole = progress(r, s, 0)
    assert half < whole

    # the same two targets, the second slot without its tent: a Travel's stop still owed
    p.tents = (p.tents[0], None, *p.tents[2:])
    assert progress(r, s, 0) < whole


def test_plan_counts_the_main_colour_toward_the_perform_s_power():
    """R26-R28, R51: a die adds the dice of its colour already on the cards, and a Perform of
    two posters needs a space of 10 power or more: the same ready targets are worth more with
    dice of one colour on the cards than with the same pips split across colours."""
    from engine.games.magnificent.plan import progress
    from tests.magnificent.helpers import build_fragments, cards, ready

    g, s = ready(1, seed=3)
    r = g.rules
    p = Seated(s, 0)
    p.posters = ("p01", "p01", *(None,) * (len(p.posters) - 2))
    p.tents = (p.tents[0], "tent07", *p.tents[2:])
    p.built = ()
    build_fragments(g, s, 0, ["orange_small", "orange_small"])
    p.gems = dict.fromkeys(p.gems, 0)
    ids = [c.id for c in p.cards]
    cards(s, 0, ids, [("orange", 4), ("green", 4)])
    split = progress(r, s, 0)
    cards(s, 0, ids, [("orange", 4), ("orange", 4)])
    assert split < progress(r, s, 0)


def test_the_round_plan_holds_the_solo_dice_to_one_colour():
    """R26-R28, R70, R92: the solo bot stacks the round's dice on one colour. Before the first
    coloured die no clear die is taken; after it, that colour's die or a discard of a poster
    whose symbol brings one, else a die of another colour that keeps its sum within the main
    one's (free at round end); a clear die declared as the colour only on the round's last
    turn; with none of those to be had, every die stays legal."""
    from engine.games.magnificent import actions as A
    from engine.games.magnificent.plan import committed
    from engine.games.magnificent.solo import SoloDiscard
    from tests.magnificent.helpers import cards, put_die, ready

    g, s = ready(1, seed=3)
    r = g.rules
    p = Seated(s, 0)
    ids = [c.id for c in p.cards]
    s.tent_dice = ()
    put_die(s, "clear", 6)
    green = put_die(s, "green", 5)
    orange = put_die(s, "orange", 2)
    symbols = {r.posters[pid].symbol for pid in s.new_posters if pid is not None}
    assert "orange" in symbols and symbols != {"orange"}  # (the deal of seed 3)
    s.dice_supply = ()  # no discard brings a die: the dice in the tent decide alone

    def dice(legal):
        of = {d.id: d.colour for d in s.tent_dice}
        return {
            (of[a.die], a.colour) if of[a.die] == "clear" else of[a.die]
            for a in legal
            if isinstance(a, A.TakeDie) and not a.flip and not a.face
        }

    cards(s, 0, ids)
    legal = g.legal_actions(s, 0)
    assert dice(committed(r, s, 0, legal)) == {"green", "orange"}

    cards(s, 0, ids, [("orange", 4)])
    p.turns = 1
    legal = g.legal_actions(s, 0)
    assert dice(legal) > {"orange", ("clear", "orange")}
    kept = committed(r, s, 0, legal)
    assert dice(kept) == {"orange"}
    assert not any(isinstance(a, SoloDiscard) for a in kept)
    p.turns = 3  # the round's last turn: the clear die may stand for the colour
    assert dice(committed(r, s, 0, legal)) == {"orange", ("clear", "orange")}

    # no orange die in the tent: a discard bringing one, if a New Poster's symbol is orange
    p.turns = 1
    s.tent_dice = tuple(d for d in s.tent_dice if d.id != orange)
    s.dice_supply = ("orange", "green")
    kept = committed(r, s, 0, g.legal_actions(s, 0))
    brings = {r.posters[s.new_posters[a.slot]].symbol for a in kept if isinstance(a, SoloDiscard)}
    assert brings == {"orange"} and not dice(kept)

    # nothing orange to be had: the green 5 only turned to its 2 (B1), within the orange sum
    s.dice_supply = ()
    takes = [a for a in committed(r, s, 0, g.legal_actions(s, 0)) if isinstance(a, A.TakeDie)]
    assert takes and all(a.die == green and a.flip for a in takes)
    s.tent_dice = tuple(d for d in s.tent_dice if d.id != green)  # the clear die alone
    legal = g.legal_actions(s, 0)
    assert committed(r, s, 0, legal) == legal


def test_the_round_plan_commits_the_last_turn_to_a_perform():
    """R50-R52: on the round's last turn, with a poster that can be rewarded, the solo bot
    performs: the action is Perform, gems of the turn's colour top the power up to the lowest
    space that takes the poster, the hat goes there and the reward is the poster. An earlier
    turn performs only when its power is about what the Perform needs; a poster out of reach
    leaves every choice open."""
    from engine.games.magnificent import actions as A
    from engine.games.magnificent.plan import perform_committed
    from tests.magnificent.helpers import act, put_die, space_index

    g, s = _one_poster(0)  # on the starting tent
    r = g.rules
    p = Seated(s, 0)
    p.tiles = ()  # no Perform assistant: the reward alone (the next test has them)
    die = put_die(s, "orange", 2)
    p.turns = 3
    s, _ = act(g, s, A.TakeDie(die, 0))
    p = Seated(s, 0)

    legal = g.legal_actions(s, 0)
    assert kinds(legal) == {"travel", "perform"}
    # 2 power and no gem: the 4-power space is out of reach, nothing committed
    assert perform_committed(r, s, 0, legal) == legal
    p.gems = {**p.gems, "orange": 1}
    legal = g.legal_actions(s, 0)
    assert kinds(perform_committed(r, s, 0, legal)) == {"perform"}
    p.turns = 1  # an earlier turn: the same, its power about what the Perform needs
    assert kinds(perform_committed(r, s, 0, legal)) == {"perform"}
    s.turn.plus = 8  # ... but 10 power is worth a Build or a Travel
    legal = g.legal_actions(s, 0)
    assert perform_committed(r, s, 0, legal) == legal
    p.turns = 3  # the round's last turn performs with it all the same
    assert kinds(perform_committed(r, s, 0, legal)) == {"perform"}
    s.turn.plus = 0
    s, _ = act(g, s, A.Choose("perform"))
    assert perform_committed(r, s, 0, g.legal_actions(s, 0)) == [A.SpendGem("orange")]
    s, _ = act(g, s, A.SpendGem("orange"))
    four = space_index(g, 4)
    hats = perform_committed(r, s, 0, g.legal_actions(s, 0))
    assert hats and {a.space for a in hats} == {four} and all(isinstance(a, A.Hat) for a in hats)
    s, _ = act(g, s, hats[0])
    legal = g.legal_actions(s, 0)
    assert A.Reward(()) in legal
    assert perform_committed(r, s, 0, legal) == [a for a in legal if a != A.Reward(())]


def test_the_perform_s_assistants_are_placed_where_they_pay_at_the_reward():
    """T9, T10 (A13), T12, R60: at a Perform's reward the solo bot places a held Perform
    assistant's marker when it pays there (a VP more a poster; one fragment requirement
    ignored, or a poster more, when that rewards more), not one that adds nothing, and
    none when nothing can be rewarded. One step ahead the value sees only the marker
    spent, so it never chose them (markers come back at the round's end)."""
    from engine.games.magnificent import actions as A
    from engine.games.magnificent.plan import perform_committed
    from tests.magnificent.helpers import act, put_die, space_index

    def at_reward(tiles, built, posters=None):
        g, s = _one_poster(0, built=built)
        p = Seated(s, 0)
        if posters:
            p.posters = tuple(posters.get(i, x) for i, x in enumerate(p.posters))
            p.tents = tuple("start" if i in posters else t for i, t in enumerate(p.tents))
        p.tiles = tiles
        p.markers = 4
        die = put_die(s, "orange", 4)
        p.turns = 3
        s, _ = act(g, s, A.TakeDie(die, 0))
        s, _ = act(g, s, A.Choose("perform"))
        s, _ = act(g, s, A.Hat(0, space_index(g, 4)))
        return g, s

    g, s = at_reward(("t09_vp_per_poster", "t10_ignore_fragment"), ["orange_small"])
    r = g.rules
    legal = g.legal_actions(s, 0)
    # the poster is ready: ignoring a fragment adds nothing, a VP a poster does
    assert perform_committed(r, s, 0, legal) == [A.Marker("t09_vp_per_poster")]
    s, _ = act(g, s, A.Marker("t09_vp_per_poster"))
    legal = g.legal_actions(s, 0)
    kept = perform_committed(r, s, 0, legal)
    assert [a for a in kept if isinstance(a, A.Reward)] == [A.Reward((0,))]
    assert A.Marker("t10_ignore_fragment") in kept  # left to the value, not placed
    vp = s.players[0].vp
    s, _ = act(g, s, A.Reward((0,)))
    assert (
        s.players[0].vp == vp + r.posters["p01"].vp + r.boards[s.players[0].board].start_tent.vp + 1
    )

    # its fragment not built: ignoring it rewards the poster
    g, s = at_reward(("t10_ignore_fragment",), [])
    legal = g.legal_actions(s, 0)
    assert A.Reward((0,)) not in legal
    assert perform_committed(r, s, 0, legal) == [A.Marker("t10_ignore_fragment")]
    s, _ = act(g, s, A.Marker("t10_ignore_fragment"))
    assert any(isinstance(a, A.Reward) and a.slots == (0,) for a in g.legal_actions(s, 0))

    # nothing to reward: no marker placed, every choice left to the value
    g, s = at_reward(("t09_vp_per_poster",), [])
    legal = g.legal_actions(s, 0)
    assert A.Marker("t09_vp_per_poster") in legal
    assert perform_committed(r, s, 0, legal) == legal


def test_a_perform_that_can_reward_nothing_is_left_out_unless_its_hat_or_rearranging_pays():
    """R50-R54: a Perform that can reward no poster moves the hat and lets the posters be
    rearranged, nothing more. The solo plan leaves it out, for the greedy bot and the
    rollouts' policy alike (which, choosing among actions one step ahead where they all look
    alike, performed for nothing 2-5 times a game) and hard's ranking, except on the round's last turn when the
    hat reaches a space where the round's end keeps more pairs of the Main Display (R93), or
    when a poster can be put over a tent with none on it."""
    from engine.games.magnificent import actions as A
    from engine.games.magnificent.plan import empty_dropped
    from engine.games.magnificent.search import rank
    from tests.magnificent.helpers import act, put_die

    g, s = _one_poster(0)
    r = g.rules
    p = Seated(s, 0)
    p.posters = (None,) * len(p.posters)
    die = put_die(s, "orange", 2)
    p.turns = 1
    s, _ = act(g, s, A.TakeDie(die, 0))
    p = Seated(s, 0)
    legal = g.legal_actions(s, 0)
    assert "perform" in kinds(legal)
    assert "perform" not in kinds(empty_dropped(r, s, 0, legal))
    assert "perform" not in kinds(rank(g, s, 0, legal))
    s.turn.plus = 6  # 8 power: the 8-power space keeps 2 pairs, the bottom 1 ...
    assert "perform" not in kinds(empty_dropped(r, s, 0, g.legal_actions(s, 0)))
    p.turns = 3  # ... which counts on the round's last turn only
    assert empty_dropped(r, s, 0, g.legal_actions(s, 0)) == g.legal_actions(s, 0)
    s.turn.plus = 0
    assert "perform" not in kinds(empty_dropped(r, s, 0, g.legal_actions(s, 0)))
    # a poster in a slot without a tent, the starting tent's slot empty: rearranging pays
    p.posters = (None, "p01", *(None,) * (len(p.posters) - 2))
    assert "perform" in kinds(empty_dropped(r, s, 0, g.legal_actions(s, 0)))

    # a Perform that can reward its poster: no hat on a space taking none, no empty reward
    g, s = _one_poster(0)
    change_at(s.players, 0, gems={**s.players[0].gems, "orange": 1})
    s, _ = act(g, s, A.TakeDie(put_die(s, "orange", 2), 0))
    s, _ = act(g, s, A.Choose("perform"))
    legal = g.legal_actions(s, 0)
    assert any(isinstance(a, A.Hat) and not r.track[a.space].posters for a in legal)
    kept = empty_dropped(r, s, 0, legal)
    assert A.SpendGem("orange") in kept and not any(isinstance(a, A.Hat) for a in kept)
    s, _ = act(g, s, A.SpendGem("orange"))
    s, _ = act(
        g, s, next(a for a in g.legal_actions(s, 0) if isinstance(a, A.Hat) and a.space == 4)
    )
    legal = g.legal_actions(s, 0)
    assert A.Reward(()) in legal
    assert empty_dropped(r, s, 0, legal) == [a for a in legal if a != A.Reward(())]


def test_the_solo_hat_keeps_the_main_display_s_pairs():
    """R93: at the round's end the top pair of the Main Display is discarded for each dummy
    hat (6, 10, 16) above the seat's highest; ``fair_kept`` says which are left before it
    happens (a hat raised to a given space included), and the round's end discards the rest."""
    from tests.magnificent.helpers import space_index

    g, s = _one_poster(0)
    r = g.rules
    left = [i for i, pr in enumerate(s.fair) if pr[0] or pr[1]]
    assert len(left) == 4
    for ap, kept in ((None, 1), (4, 1), (8, 2), (12, 3), (14, 3), (18, 4)):
        hat = 0 if ap is None else space_index(g, ap)
        assert r.fair_kept(s, hat) == tuple(left[4 - kept :])
        t = copy_state(s)
        change_at(t.players, 0, hats=(hat, -1))
        assert r.fair_kept(t) == tuple(left[4 - kept :])
        gone: list[object] = []
        r.discard_before_fair(t, gone)
        assert [i for i, pr in enumerate(t.fair) if pr[0] or pr[1]] == left[4 - kept :]
        assert len(gone) == 4 - kept


def test_the_turns_before_the_last_fetch_a_waiting_poster_s_tent_and_fragments():
    """R39-R40, R33, R52: before the round's last turn, a poster whose slot has no tent and
    whose fragments are built (or all but one) sends the solo bot to the Travel whose stop is a
    tent, and the tent goes under that poster; a poster under its tent lacking only fragments
    of the die's colour sends it to the Build of a level that gives them. The last turn, or
    nothing to fetch within the turn's power, leaves every choice open; so does the rollouts'
    policy (hard's rollouts already find the tents)."""
    from engine.games.magnificent import actions as A
    from engine.games.magnificent.prepare import tent_committed
    from tests.magnificent.helpers import act, put_die

    g, s = _one_poster(2)
    r = g.rules
    p = Seated(s, 0)
    p.tents = (p.tents[0], *(None,) * (len(p.tents) - 1))  # no tent in its slot
    k = next(i for i, t in enumerate(r.pack.travel.tracks) if t.colour == "orange")
    stop = next(i for i, t in enumerate(s.track_tents[k]) if t is not None)
    s.wagons = tuple(stop - 2 if i == k else w for i, w in enumerate(s.wagons))
    die = put_die(s, "orange", 3)
    p.turns = 1
    s, _ = act(g, s, A.TakeDie(die, 0))
    p = Seated(s, 0)

    legal = g.legal_actions(s, 0)
    assert kinds(legal) >= {"travel", "build"}
    assert kinds(tent_committed(r, s, 0, legal)) == {"travel"}
    assert kinds(GreedyBot(0).planned(g, s, 0, legal)) == {"travel"}
    # the rollouts' policy leaves it to the value
    assert GreedyBot(0, turns=False).planned(g, s, 0, legal) == legal
    p.turns = 3  # the round's last turn is the Perform's
    assert tent_committed(r, s, 0, legal) == legal
    p.turns = 1
    s, _ = act(g, s, A.Choose("travel"))
    moves = [a for a in tent_committed(r, s, 0, g.legal_actions(s, 0)) if isinstance(a, A.Move)]
    assert moves == [A.Move(2)]
    s, _ = act(g, s, A.Move(2))
    assert tent_committed(r, s, 0, g.legal_actions(s, 0)) == [A.TakeTent(2)]
    s, _ = act(g, s, A.TakeTent(2))

    # under its tent now, a second poster lacks a large orange fragment: a Build gives it
    g, s = _one_poster(0, "p03", built=[])  # orange_large on the starting tent
    p = Seated(s, 0)
    die = put_die(s, "orange", 5)
    p.turns = 1
    s, _ = act(g, s, A.TakeDie(die, 0))
    legal = g.legal_actions(s, 0)
    assert kinds(tent_committed(r, s, 0, legal)) == {"build"}
    s, _ = act(g, s, A.Choose("build"))
    levels = [a for a in tent_committed(r, s, 0, g.legal_actions(s, 0)) if isinstance(a, A.Level)]
    large = [i for i, lv in enumerate(r.boards[p.board].build_levels) if lv.large and lv.ap <= 5]
    assert levels and {a.index for a in levels} == set(large)
    g, s = _one_poster(0, "p03", built=[])  # a green die builds no orange fragment
    p = Seated(s, 0)
    die = put_die(s, "green", 5)
    p.turns = 1
    s, _ = act(g, s, A.TakeDie(die, 0))
    legal = g.legal_actions(s, 0)
    assert tent_committed(r, s, 0, legal) == legal


def _one_poster(slot: int, poster: str = "p01", built: list[str] | None = None):
    """A solo table (seed 3) whose one poster is ``poster`` (p01: orange_small) in ``slot``,
    ``built`` the fragments built (p01's by default), no gem, its cards held without dice."""
    from tests.magnificent.helpers import build_fragments, cards, ready

    g, s = ready(1, seed=3)
    p = Seated(s, 0)
    p.posters = tuple(poster if i == slot else None for i in range(len(p.posters)))
    p.built = ()
    build_fragments(g, s, 0, ["orange_small"] if built is None else built)
    p.gems = dict.fromkeys(p.gems, 0)
    cards(s, 0, [c.id for c in p.cards])
    return g, s


def kinds(legal):
    """The actions a turn's Choose offers among ``legal``."""
    from engine.games.magnificent import actions as A

    return {a.action for a in legal if isinstance(a, A.Choose)}
