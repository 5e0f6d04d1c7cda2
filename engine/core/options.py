"""Game options (variants): declared as data, validated in one place."""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from engine.core.errors import OptionsError


class OptionSpec(msgspec.Struct, frozen=True, omit_defaults=True):
    id: str
    kind: Literal["bool", "choice", "int"]
    default: Any
    names: dict[str, str]  # language -> label (en, ru, fr)
    choices: tuple[str, ...] = ()
    # Labels of choices: choice -> language -> label.
    choice_names: dict[str, dict[str, str]] = {}
    min: int | None = None
    max: int | None = None
    # One line on what the option does, per language.
    help: dict[str, str] = {}


def normalize(specs: tuple[OptionSpec, ...], given: dict[str, Any] | None) -> dict[str, Any]:
    """Fill defaults and type-check each option; combinations are the game's job."""
    given = dict(given or {})
    by_id = {s.id: s for s in specs}
    unknown = sorted(set(given) - set(by_id))
    if unknown:
        raise OptionsError("options.unknown", names=unknown)
    out: dict[str, Any] = {}
    for spec in specs:
        value = given.get(spec.id, spec.default)
        if spec.kind == "bool":
            if not isinstance(value, bool):
                raise OptionsError("options.not_bool", option=spec.id, value=value)
        elif spec.kind == "choice":
            if value not in spec.choices:
                raise OptionsError("options.bad_choice", option=spec.id, value=value,
                                   choices=list(spec.choices))
        elif spec.kind == "int":
            if not isinstance(value, int) or isinstance(value, bool):
                raise OptionsError("options.not_int", option=spec.id, value=value)
            if (spec.min is not None and value < spec.min) or (spec.max is not None and value > spec.max):
                raise OptionsError("options.out_of_range", option=spec.id, value=value,
                                   min=spec.min, max=spec.max)
        out[spec.id] = value
    return out
