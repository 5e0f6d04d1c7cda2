"""Game options (variants): declared as data, validated in one place.

A game's ``option_specs`` define a msgspec Struct (``options_type``): one typed field per option
with its default, unknown names refused. Options from the lobby, a save file or the command
line are decoded through it, so every boundary checks them the same way; a failure becomes a
coded ``OptionsError`` naming the option.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

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
    # The bool option this one only matters with: the lobby greys it out while that one is off.
    requires: str | None = None


# Built once per game class (keyed by its specs tuple, kept alive here).
_TYPES: dict[int, tuple[tuple[OptionSpec, ...], type[msgspec.Struct]]] = {}


def options_type(specs: tuple[OptionSpec, ...]) -> type[msgspec.Struct]:
    """The Struct of one game's options: a typed field per spec, its default filled."""
    cached = _TYPES.get(id(specs))
    if cached is not None and cached[0] is specs:
        return cached[1]
    fields: list[tuple[str, Any, Any]] = []
    for spec in specs:
        kind: Any
        if spec.kind == "bool":
            kind = bool
        elif spec.kind == "choice":
            kind = Literal[spec.choices]
        else:
            kind = Annotated[int, msgspec.Meta(ge=spec.min, le=spec.max)]
        fields.append((spec.id, kind, spec.default))
    made = msgspec.defstruct("Options", fields, frozen=True, forbid_unknown_fields=True)
    _TYPES[id(specs)] = (specs, made)
    return made


def normalize(specs: tuple[OptionSpec, ...], given: dict[str, Any] | None) -> dict[str, Any]:
    """Fill defaults and type-check each option; combinations are the game's job."""
    given = dict(given or {})
    by_id = {s.id: s for s in specs}
    unknown = sorted(set(given) - set(by_id))
    if unknown:
        raise OptionsError("options.unknown", names=unknown)
    try:
        decoded = msgspec.convert(given, options_type(specs), strict=True)
    except msgspec.ValidationError as exc:
        raise _refusal(by_id, given, str(exc)) from None
    return msgspec.structs.asdict(decoded)


def _refusal(by_id: dict[str, OptionSpec], given: dict[str, Any], message: str) -> OptionsError:
    # msgspec names the field last ("Expected `bool`, got `int` - at `$.dice`"); every name
    # was checked against the specs before decoding.
    name = message.rpartition("$.")[2].rstrip("`")
    spec = by_id[name]
    value = given.get(name)
    if spec.kind == "bool":
        return OptionsError("options.not_bool", option=name, value=value)
    if spec.kind == "choice":
        return OptionsError(
            "options.bad_choice", option=name, value=value, choices=list(spec.choices)
        )
    if not isinstance(value, int) or isinstance(value, bool):
        return OptionsError("options.not_int", option=name, value=value)
    return OptionsError(
        "options.out_of_range", option=name, value=value, min=spec.min, max=spec.max
    )
