"""Learned weights (engine.core.learning, engine.train): the trainer climbs its objective, and
every game's shipped file loads with the weights its value reads."""

from __future__ import annotations

from engine.core import registry
from engine.core.learning import Learner, load_weights
from engine.train import train


def test_coordinate_ascent_climbs_towards_the_objectives_best():
    target = {"a": 2.0, "b": -1.0}

    def objective(w, ref, seed, games):
        return -sum((w[k] - v) ** 2 for k, v in target.items())

    learner = Learner(
        package="engine", file="x.json", steps={"a": 1.0, "b": 1.0}, objective=objective
    )
    data = train(learner, {"a": 0.0, "b": 0.0}, games=1, seed=0, passes=6)
    assert abs(data["weights"]["a"] - 2.0) < 0.2 and abs(data["weights"]["b"] + 1.0) < 0.2
    prov = data["provenance"]
    assert prov["objective_end"] > prov["objective_start"]
    assert {"command", "seed", "engine_version", "held_out_end"} <= set(prov)


def test_every_shipped_weights_file_loads_and_covers_its_learner():
    seen = 0
    for cls in registry.all_games():
        learner = cls.bots.learner
        if learner is None:
            continue
        weights = load_weights(learner.package, learner.file)
        assert set(learner.steps) == set(weights), cls.id
        seen += 1
    assert seen >= 1


def test_the_solo_objective_with_margin_subtracts_what_the_automaton_scored():
    from engine.core.bots import bot_seed
    from engine.core.learning import solo_and_duel
    from engine.core.match import Match
    from engine.core.play import play_to_end
    from engine.games.trickerion.bots import GreedyBot, shipped

    options = {"difficulty": "low"}
    args = ("trickerion-solo", 2, options, "trickerion", GreedyBot)
    w = shipped()
    plain = solo_and_duel(*args)(w, w, 7, 1)
    margin = solo_and_duel(*args, margin=True)(w, w, 7, 1)
    m = Match.new("trickerion-solo", 2, options, 7)
    play_to_end(m, {0: GreedyBot(bot_seed(7, 0), w)})
    result = m.result()
    assert result is not None
    assert result.scores[1] > 0
    assert margin == plain - result.scores[1]
