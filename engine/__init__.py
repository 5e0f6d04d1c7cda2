"""Marquee's rules engine: published board games as pure, deterministic state machines."""

__version__ = "0.8.11"
