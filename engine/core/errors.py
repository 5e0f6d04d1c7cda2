"""Errors carry a stable code and parameters; the message catalog turns them into prose."""

from __future__ import annotations

from typing import Any


class MarqueeError(Exception):
    """Base of every error the engine raises on purpose.

    ``code`` is stable (tests, the UI and translations key on it); ``params`` fill the
    translated message. ``str()`` gives an English-ish fallback for logs and tracebacks.
    """

    def __init__(self, code: str, **params: Any) -> None:
        self.code = code
        self.params = params
        detail = ", ".join(f"{k}={v!r}" for k, v in params.items())
        super().__init__(f"{code}" + (f" ({detail})" if detail else ""))


class IllegalAction(MarqueeError):
    """An action the rules forbid. The code names the rule, e.g. ``trickerion.market.stack_limit``."""


class OptionsError(MarqueeError):
    """Game options that are invalid alone or in combination."""


class SaveError(MarqueeError):
    """A save file that cannot be loaded: corrupt, foreign, tampered, newer, …"""
