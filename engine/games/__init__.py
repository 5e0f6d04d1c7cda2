"""The shipped games. Importing a game's package registers it; importing this package imports
none of them: the registry imports a game when it is first asked for it (a page resuming the
Oracle pays for the Oracle's modules, not for every game's), and every game when it is asked for
the list (``engine.core.registry``)."""

# game id -> the module whose import registers it
BUILTIN = {
    "oracle": "engine.games.oracle",
    "trickerion": "engine.games.trickerion",
    "trickerion-solo": "engine.games.trickerion.solo.game",
    "magnificent": "engine.games.magnificent",
    "magnificent-solo": "engine.games.magnificent.solo",
}
