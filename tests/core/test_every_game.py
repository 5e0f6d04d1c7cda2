"""The game contract, checked for every registered game and player count (docs/adding-a-game.md).

Parametrised over ``registry.all_games()``, so a new game is checked the moment it registers,
with no edit here; the tests' own tiny game (``tests/tinygame``) is registered by the import
below and held to the same contract. Along seeded random playthroughs, at every position:

- ``apply`` never mutates its input (the encoded state is byte-identical afterwards), and
  every earlier state of the match is byte-identical at the walk's end to what it was when
  reached (states share the parts an apply does not change);
- every legal action is accepted (a seeded sample where a position lists many);
- illegal actions (another seat's turn, actions legal elsewhere, legal actions with a field
  changed) raise a coded ``MarqueeError`` whose message exists in EN, RU and FR and renders with
  no ``{placeholder}`` left, and leave the state byte-identical;
- no view contains an ``rng`` key, a view does not change when only the RNG changes, nor when
  only what the viewer may not see changes (``Game.hidden_probe``);
- every action label and every event renders in EN, RU and FR with no missing code or
  placeholder;
- a save of the playthrough loads back to the same state hash.

The quick walks stop after ``QUICK_DECISIONS`` player decisions; the ``slow`` walks play whole
games (scripts/test and CI run them; a plain ``pytest`` skips them).
"""

from __future__ import annotations

import re
from typing import Any

import msgspec
import pytest

import tinygame  # registers "tiny": the tests' own game obeys the contract too
from engine.core import CHANCE, Event, MarqueeError, Rng, registry
from engine.core import save as savefile
from engine.core.copier import copy_state
from engine.core.game import Game
from engine.core.i18n import LANGS, action_label, catalog, game_package, render
from engine.core.match import Match
from engine.core.presenter import Presenter

QUICK_DECISIONS = 80  # player decisions per quick walk
LEGAL_SAMPLE = 8  # legal actions applied per position (all of them when fewer)
ILLEGAL_SAMPLE = 6  # actions from elsewhere tried per position
POOL = 400  # actions remembered from earlier positions
KIND_CAP = 20  # a whole walk's choice counts a kind of move as at most this many moves
PLACEHOLDER = re.compile(r"\{\w+(?::\w+)?\}")


def _variants(cls: type[Game]) -> list[tuple[int, dict[str, Any]]]:
    """Every player count with the default options, and each other value of a choice option
    (the Oracle's companion mode, the solo difficulties) at the smallest count."""
    out: list[tuple[int, dict[str, Any]]] = [
        (n, {}) for n in range(cls.seating.fewest, cls.seating.most + 1)
    ]
    for spec in cls.option_specs:
        if spec.kind == "choice":
            out += [(cls.seating.fewest, {spec.id: c}) for c in spec.choices if c != spec.default]
    return out


CASES = [
    pytest.param(cls, n, options, id=f"{cls.id}-{n}p" + "".join(f"-{v}" for v in options.values()))
    for cls in registry.all_games()
    for n, options in _variants(cls)
]


# --- the checks ---------------------------------------------------------------------------


def _entry(game: Game, code: str) -> dict[str, str] | None:
    return catalog(game_package(game)).get(code) or catalog("engine.core").get(code)


def assert_renders(game: Game, code: str, params: dict[str, Any], what: str) -> None:
    entry = _entry(game, code)
    assert entry is not None, f"{game.id}: {what} {code!r} is not in any messages.json"
    missing = [lang for lang in LANGS if not entry.get(lang)]
    assert not missing, f"{game.id}: {what} {code!r} has no text in {missing}"
    for lang in LANGS:
        text = render(code, params, lang, game)
        left = PLACEHOLDER.findall(text)
        assert not left, f"{game.id}: {what} {code!r} in {lang} leaves {left}: {text!r}"


# In JSON text `"rng":` can only be a key: inside a string its quotes would be escaped, and a
# string value is followed by `,`, `}` or `]`. One scan of the bytes, where walking the decoded
# view grew with the Oracle companion's long games (most of a 7-minute walk).
RNG_KEY = b'"rng":'


class Walk:
    """One seeded random playthrough with every check at every position."""

    def __init__(self, game: Game, seed: int) -> None:
        self.game = game
        self.match = Match(game, seed)
        self.rng = Rng.from_seed(seed + 7)
        # actions seen earlier, each with its encoding (encoded once, not at every position)
        self.pool: list[tuple[bytes, Any]] = []
        self.labels_seen: set[bytes] = set()
        self.events_seen: set[str] = set()
        self.refusals_seen: set[str] = set()
        # Each of the match's states as it was first reached: the states share what an apply
        # does not change (a game's players), so a rule that changed a shared part in place
        # would change an earlier state of the match (its history, a search's root).
        self.reached: list[bytes] = []

    # apply, checked -----------------------------------------------------------------------

    def accepted(self, state: Any, seat: int, action: Any) -> None:
        before = self.game.codec.encode_state(state)
        _, events = self.game.apply(state, seat, action)
        assert self.game.codec.encode_state(state) == before, (
            f"{self.game.id}: apply mutated its input ({action!r} by seat {seat})"
        )
        for e in events:
            key = e.code + msgspec.json.encode(e.params).decode()
            if key not in self.events_seen:
                self.events_seen.add(key)
                assert_renders(self.game, e.code, e.params, "event")

    def refused(self, state: Any, seat: int, action: Any, why: str) -> None:
        before = self.game.codec.encode_state(state)
        with pytest.raises(MarqueeError) as info:
            self.game.apply(state, seat, action)
        assert self.game.codec.encode_state(state) == before, (
            f"{self.game.id}: a refused action changed the state ({action!r} by seat {seat})"
        )
        code = info.value.code
        if code not in self.refusals_seen:
            self.refusals_seen.add(code)
            assert_renders(self.game, code, info.value.params, f"refusal of {why}")

    # one position ---------------------------------------------------------------------------

    def check_views(self, state: Any) -> None:
        game = self.game
        reseeded = copy_state(state)
        if getattr(reseeded, "rng", None) is not None:
            reseeded.rng = Rng.from_seed(self.rng.next_u64())
        for viewer in [None, *range(game.players)]:
            view = game.view(state, viewer)
            encoded = msgspec.json.encode(view)
            assert RNG_KEY not in encoded, f"{game.id}: the view of {viewer} holds the RNG"
            assert msgspec.json.encode(game.view(reseeded, viewer)) == encoded, (
                f"{game.id}: the view of {viewer} changes with the RNG's state alone"
            )
            for probe in game.hidden_probe(state, viewer):
                assert msgspec.json.encode(game.view(probe, viewer)) == encoded, (
                    f"{game.id}: the view of {viewer} shows hidden information "
                    f"(it differs for a state that differs only in what {viewer} may not see)"
                )

    def check_players(self, state: Any, seats: tuple[int, ...]) -> None:
        game = self.game
        for seat in seats:
            legal = game.legal_actions(state, seat)
            assert legal, f"{game.id}: seat {seat} is to act but has no legal action"
            keys = [game.codec.encode_action(a) for a in legal]
            encoded = set(keys)
            for key, a in zip(keys, legal, strict=True):
                if key not in self.labels_seen:
                    self.labels_seen.add(key)
                    self.check_label(a)
            for a in self.sample(legal, LEGAL_SAMPLE):
                self.accepted(state, seat, a)
            # Another seat may not take this seat's actions.
            for other in range(game.players):
                if other not in seats:
                    self.refused(state, other, legal[0], "another seat's action")
                    break
            elsewhere = [a for key, a in self.pool if key not in encoded]
            for a in self.sample(elsewhere, ILLEGAL_SAMPLE):
                self.refused(state, seat, a, "an action legal elsewhere")
            for a in self.sample(legal, 2):
                for bad in self.mutations(a):
                    if game.codec.encode_action(bad) not in encoded:
                        self.refused(state, seat, bad, "a changed field")
            self.remember(legal)

    def pick(self, legal: list[Any]) -> Any:
        """A legal move at random, each kind of move counting as at most ``KIND_CAP`` moves:
        where one kind has hundreds (the Oracle companion's 984 physical throws beside its End
        Game) a walk is a game of a real game's length (tens of rolls, not thousands: it took
        7 minutes), and where no kind is that large it is the plain uniform choice."""
        kinds: dict[type, list[Any]] = {}
        for a in legal:
            kinds.setdefault(type(a), []).append(a)
        weights = [min(len(group), KIND_CAP) for group in kinds.values()]
        if sum(weights) == len(legal):
            return legal[self.rng.below(len(legal))]
        x = self.rng.below(sum(weights))
        for group, weight in zip(kinds.values(), weights, strict=True):
            if x < weight:
                return group[self.rng.below(len(group))]
            x -= weight
        raise AssertionError("unreachable: x < sum(weights)")

    def remember(self, legal: list[Any]) -> None:
        self.pool.extend((self.game.codec.encode_action(a), a) for a in self.sample(legal, 3))
        del self.pool[:-POOL]

    def check_label(self, action: Any) -> None:
        data = self.game.codec.action_to_builtins(action)
        tag = data.pop("type", None) if isinstance(data, dict) else None
        assert tag is not None, f"{self.game.id}: action {action!r} has no tag"
        assert_renders(self.game, f"action.{tag}", data, "action label")
        for lang in LANGS:
            assert action_label(self.game, action, lang).strip()

    def mutations(self, action: Any) -> list[Any]:
        """The action with one field changed to a value no rule should take, decoded the way
        the bridge decodes the page's JSON (a value of the wrong type is the bridge's refusal)."""
        data = self.game.codec.action_to_builtins(action)
        out = []
        for field, value in data.items():
            if field == "type":
                continue
            if isinstance(value, bool):
                changed: list[Any] = [not value]
            elif isinstance(value, int):
                changed = [value + 1000, -1 - value]
            elif isinstance(value, str):
                changed = ["no_such_" + value]
            elif isinstance(value, list) and value and isinstance(value[0], int):
                changed = [[value[0] + 1000, *value[1:]]]
            elif isinstance(value, list) and value and isinstance(value[0], str):
                changed = [["no_such_" + value[0], *value[1:]]]
            else:
                continue
            for v in changed:
                try:
                    out.append(self.game.codec.action_from_builtins({**data, field: v}))
                except msgspec.ValidationError:
                    pass
        return out

    def sample(self, items: list[Any], k: int) -> list[Any]:
        if len(items) <= k:
            return list(items)
        picked: list[Any] = []
        rest = list(items)
        for _ in range(k):
            picked.append(rest.pop(self.rng.below(len(rest))))
        return picked

    # the walk -----------------------------------------------------------------------------

    def run(self, max_decisions: int | None) -> None:
        game, match = self.game, self.match
        decisions = 0
        while max_decisions is None or decisions < max_decisions:
            state, to = match.state, match.to_act()
            self.reached.append(game.codec.encode_state(state))
            self.check_views(state)
            if to.kind == "terminal":
                assert match.result() is not None, f"{game.id}: terminal without a result"
                break
            if to.kind == "chance":
                self.accepted(state, CHANCE, game.chance_action(state))
            elif to.kind == "automaton":
                seat = to.seats[0]
                self.accepted(state, seat, game.automaton_action(state, seat))
            if match.auto_step() is not None:
                continue
            self.check_players(state, to.seats)
            seat = to.seats[self.rng.below(len(to.seats))]
            legal = game.legal_actions(state, seat)
            match.act(seat, self.pick(legal))
            decisions += 1
        self.check_history()
        self.check_save()

    def check_history(self) -> None:
        # The walk's last move may have reached one state more, not yet looked at.
        assert len(self.match.states) - len(self.reached) in (0, 1)
        now = [self.game.codec.encode_state(s) for s in self.match.states[: len(self.reached)]]
        changed = [i for i, (a, b) in enumerate(zip(now, self.reached, strict=True)) if a != b]
        assert not changed, f"{self.game.id}: later applies changed the match's states {changed}"

    def check_save(self) -> None:
        loaded = savefile.load(savefile.dump(self.match))
        assert loaded.game.codec.state_hash(loaded.state) == self.game.codec.state_hash(
            self.match.state
        )


@pytest.mark.parametrize(("cls", "players", "options"), CASES)
def test_contract_along_a_quick_walk(
    cls: type[Game], players: int, options: dict[str, Any]
) -> None:
    for seed in (1, 2):
        Walk(cls(players, options), seed).run(QUICK_DECISIONS)


# One test a seed, so that both cores share a variant's games: the Oracle's companion games
# alone took 27 minutes as one test.
@pytest.mark.slow
@pytest.mark.parametrize("seed", (11, 12, 13))
@pytest.mark.parametrize(("cls", "players", "options"), CASES)
def test_contract_along_whole_games(
    cls: type[Game], players: int, options: dict[str, Any], seed: int
) -> None:
    Walk(cls(players, options), seed).run(None)


@pytest.mark.parametrize("cls", registry.all_games(), ids=lambda c: c.id)
def test_declarations(cls: type[Game]) -> None:
    """What the bridge and the lobby read, declared consistently."""
    assert set(cls.presenter.names) >= set(LANGS)
    assert 1 <= cls.seating.fewest <= cls.seating.most
    for n in range(cls.seating.fewest, cls.seating.most + 1):
        game = cls(n)
        assert set(range(n)) - set(game.seating.automata), f"{cls.id}: nobody plays at {n} players"
    assert all(0 <= i < cls.seating.most for i in cls.seating.automata)
    if cls.seating.automata:
        assert set(cls.presenter.automaton_names) >= set(LANGS)
    # the Game lists the packs a box owner may replace, its presenter names them for the lobby
    for pack in cls.replaceable_packs:
        assert set(cls.presenter.pack_names.get(pack, {})) >= set(LANGS), (cls.id, pack)
    assert set(registry.describe(cls)) >= {"id", "names", "options", "bots", "automata"}


def _chance_and_automaton_substitutes(game: Game, seed: int) -> None:
    """At each chance or automaton step, other actions (ones legal elsewhere, the engine's own
    step with a field changed) are refused: only the engine draws for chance, except where the
    game lets a person enter what happened on a real table (``enters_outcomes``)."""
    walk = Walk(game, seed)
    match = walk.match
    for _ in range(10 * QUICK_DECISIONS):
        if match.terminal:
            break
        state, to = match.state, match.to_act()
        if to.kind in ("chance", "automaton"):
            seat = to.seats[0]
            own = (
                game.chance_action(state)
                if to.kind == "chance"
                else game.automaton_action(state, seat)
            )
            mine = game.codec.encode_action(own)
            for a in [a for _, a in walk.sample(walk.pool, 2)] + walk.mutations(own):
                if game.codec.encode_action(a) != mine and not game.enters_outcomes(state, seat, a):
                    walk.refused(state, seat, a, f"a substitute for the {to.kind}'s step")
            match.auto_step()
            continue
        seat = to.seats[0]
        legal = game.legal_actions(state, seat)
        walk.remember(legal)
        match.act(seat, legal[walk.rng.below(len(legal))])


@pytest.mark.parametrize(("cls", "players", "options"), CASES)
def test_only_the_engine_takes_chance_and_automaton_steps(
    cls: type[Game], players: int, options: dict[str, Any]
) -> None:
    _chance_and_automaton_substitutes(cls(players, options), 1)


# --- the checks can fail: a game breaking each rule of the contract is caught ---------------


class _BrokenPresenter(Presenter):
    messages_package = "tinygame"  # defined here, its texts are the tiny game's


class _Broken(tinygame.TinyGame):
    presenter = _BrokenPresenter


class _LeakyView(_Broken):
    def view(self, state: Any, viewer: int | None) -> dict[str, Any]:
        return {**super().view(state, viewer), "picks": list(state.picks)}


class _ViewWithRng(_Broken):
    def view(self, state: Any, viewer: int | None) -> dict[str, Any]:
        return {**super().view(state, viewer), "dice": {"rng": state.rng.state}}


class _MutatesInput(_Broken):
    def apply(self, state: Any, seat: int, action: Any, listed=None) -> tuple[Any, list[Any]]:
        new, events = super().apply(state, seat, action, listed)
        state.scores[0] += 1
        return new, events


class _AllowsAnyNumber(_Broken):
    # The core refuses what is not listed; a game that answers "allowed" for more lets it in.
    def allows(self, state: Any, seat: int, action: Any, listed: list[Any] | None) -> bool:
        return isinstance(action, tinygame.Pick) or super().allows(state, seat, action, listed)


class _UntranslatedEvent(_Broken):
    def _apply(self, state: Any, seat: int, action: Any) -> list[Any]:
        return [*super()._apply(state, seat, action), Event("tiny.nobody_wrote_this")]


class _MissingPlaceholder(_Broken):
    def _apply(self, state: Any, seat: int, action: Any) -> list[Any]:
        return [
            Event("tiny.rolled") if e.code == "tiny.rolled" else e
            for e in super()._apply(state, seat, action)
        ]


@pytest.mark.parametrize(
    "broken",
    [
        _LeakyView,
        _ViewWithRng,
        _MutatesInput,
        _AllowsAnyNumber,
        _UntranslatedEvent,
        _MissingPlaceholder,
    ],
    ids=lambda c: c.__name__.strip("_"),
)
def test_a_broken_game_is_caught(broken: type[Game]) -> None:
    with pytest.raises((AssertionError, pytest.fail.Exception)):
        Walk(broken(3), 1).run(QUICK_DECISIONS)
