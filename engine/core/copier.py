"""Exact copies of state Structs without a msgpack round trip.

``Game.apply`` copies the whole state before every step; encoding to msgpack and decoding back
was about a third of an apply. Here, once per state type, the type annotations
(``msgspec.inspect.type_info``) are turned into the source of one plain function per Struct
class that shares what is immutable (ints, strings, bools, literals, frozen Structs of
immutable fields) and copies what is not (lists, dicts, nested Structs). The result is equal
field for field to the decoded copy, so states encode to the same bytes (hence the same hashes),
and no part of it is shared with the original except immutable values.

A field typed ``Mapping`` (read-only to the type checker: no rule can change it in place,
only replace it) is shared like an immutable value. So a frozen Struct whose dicts are typed
``Mapping`` counts as immutable, and a state's copies share it whole: a game's player record,
replaced by the rules that change it (``engine.core.tuples.change_at``), costs a copy nothing.
A Struct that is not frozen but whose fields are all immutable so (a turn's scratch) is copied
by msgspec's C-level shallow copy.

A field typed ``Any`` (or a union the generator does not understand) falls back to a generic
recursive copy that looks at the runtime value.
"""

from __future__ import annotations

import collections.abc
import inspect
import typing
from collections.abc import Callable
from typing import Any, TypeVar, cast

import msgspec
from msgspec import inspect as mi

_IMMUTABLE = (
    mi.IntType,
    mi.StrType,
    mi.BoolType,
    mi.FloatType,
    mi.NoneType,
    mi.LiteralType,
    mi.BytesType,
    mi.EnumType,
    mi.DateTimeType,
    mi.DateType,
    mi.TimeType,
    mi.TimeDeltaType,
    mi.UUIDType,
    mi.DecimalType,
)

T = TypeVar("T")

_COPIERS: dict[type, Callable[[Any], Any]] = {}


def copier(cls: type) -> Callable[[Any], Any]:
    """The copy function for instances of the Struct class ``cls`` (built once, then cached)."""
    fn = _COPIERS.get(cls)
    if fn is None:
        fn = _Builder().build(cls)
        _COPIERS[cls] = fn
    return fn


def copy_state(state: T) -> T:
    """A private copy of ``state``, equal to it field for field and sharing nothing mutable:
    what ``Game.apply`` changes in place of its input, and a bot or a test plays on. The same
    value as a msgpack round trip, about twice as fast; every apply starts with one."""
    # Typed here rather than through ``typing.cast``, a Python call of its own at every apply.
    fn: Callable[[T], T] = _COPIERS.get(type(state)) or copier(type(state))
    return fn(state)


def deep_copy(value: Any) -> Any:
    """Generic fallback: copies by the runtime type (slower; used for ``Any`` fields)."""
    if isinstance(value, list):
        return [deep_copy(v) for v in value]
    if isinstance(value, dict):
        return {k: deep_copy(v) for k, v in value.items()}
    if isinstance(value, msgspec.Struct):
        return copier(type(value))(value)
    if isinstance(value, tuple):
        return tuple(deep_copy(v) for v in value)
    if isinstance(value, (set, bytearray)):
        return value.copy()  # set members are hashable, hence immutable here
    return value


def _read_only_fields(cls: type) -> frozenset[str]:
    """The fields of ``cls`` typed ``Mapping``, or a tuple of ``Mapping``: dicts the type
    checker lets no one change. (msgspec's own reading of the annotations, which keeps
    ``Mapping`` where ``type_info`` says dict: a third of ``typing.get_type_hints``' time, which
    a new tab pays, in Pyodide, on the first ``load``: docs/speed.md "Issue #32, session 25".)"""
    return frozenset(f.name for f in msgspec.structs.fields(cls) if _read_only(f.type))


def _read_only(hint: Any) -> bool:
    if typing.get_origin(hint) is tuple:
        items = typing.get_args(hint)
        return len(items) == 2 and items[1] is Ellipsis and _read_only(items[0])
    return typing.get_origin(hint) is collections.abc.Mapping


class _Builder:
    def __init__(self) -> None:
        self.env: dict[str, Any] = {"_deep": deep_copy}
        self.read_only: dict[type, frozenset[str]] = {}
        self.names: dict[type, str] = {}
        self.lines: list[str] = []
        self.counter = 0
        # Union dispatch tables: variable name -> {class: copier name}, resolved after exec.
        self.tables: dict[str, dict[type, str]] = {}

    def build(self, cls: type) -> Callable[[Any], Any]:
        # One translation of the annotations for the whole tree of Structs (``type_info`` of
        # each nested class again would evaluate its annotations, and its children's, anew)
        name = self._struct(cast(mi.StructType, mi.type_info(cls)))
        exec("\n".join(self.lines), self.env)
        for table, entries in self.tables.items():
            self.env[table] = {c: self.env[n] for c, n in entries.items()}
        for c, n in self.names.items():
            _COPIERS.setdefault(c, self.env[n])
        copy: Callable[[Any], Any] = self.env[name]
        return copy

    # --- immutability ------------------------------------------------------------------------

    def _immutable(self, t: Any, seen: frozenset[Any] = frozenset()) -> bool:
        if isinstance(t, _IMMUTABLE):
            return True
        if isinstance(t, (mi.TupleType,)):
            return all(self._immutable(x, seen) for x in t.item_types)
        if isinstance(t, (mi.VarTupleType, mi.FrozenSetType)):
            return self._immutable(t.item_type, seen)
        if isinstance(t, mi.UnionType):
            return all(self._immutable(x, seen) for x in t.types)
        if isinstance(t, mi.StructType):
            if not t.cls.__struct_config__.frozen or t.cls in seen:
                return False
            inner = seen | {t.cls}
            return all(self._shared(t.cls, f, inner) for f in t.fields)
        return False

    def _shared(self, cls: type, f: mi.Field, seen: frozenset[Any] = frozenset()) -> bool:
        """Whether the field ``f`` of ``cls`` is shared by a copy: immutable, or a dict typed
        ``Mapping`` (or a tuple of them) of immutable keys and values."""
        t = f.type.item_type if isinstance(f.type, mi.VarTupleType) else f.type
        return self._immutable(f.type, seen) or (
            isinstance(t, mi.DictType)
            and f.name in self._read_only_fields(cls)
            and self._immutable(t.key_type, seen)
            and self._immutable(t.value_type, seen)
        )

    # --- source generation -------------------------------------------------------------------

    def _var(self) -> str:
        self.counter += 1
        return f"_v{self.counter}"

    def _read_only_fields(self, cls: type) -> frozenset[str]:
        found = self.read_only.get(cls)
        if found is None:
            found = self.read_only[cls] = _read_only_fields(cls)
        return found

    def _struct(self, info: mi.StructType) -> str:
        cls = info.cls
        if cls in self.names:
            return self.names[cls]
        name = f"_copy_{cls.__name__}_{len(self.names)}"
        self.names[cls] = name
        if all(self._shared(cls, f) for f in info.fields):
            # Only shared fields: the C-level shallow copy is already a full copy.
            self.env[name] = cls.__copy__  # type: ignore[attr-defined]  # not in msgspec's stubs
            return name
        # One constructor call (positional unless the class is keyword-only) beats a shallow
        # copy followed by an attribute store per mutable field (even for The Magnificent's
        # state, 4 of 29 fields its own: 6,280 instructions a copy against 6,330).
        self.env[f"{name}_cls"] = cls
        kw = any(p.kind is p.KEYWORD_ONLY for p in inspect.signature(cls).parameters.values())
        args = ", ".join(
            (f"{f.name}=" if kw else "")
            + (f"x.{f.name}" if self._shared(cls, f) else self._expr(f.type, f"x.{f.name}"))
            for f in info.fields
        )
        self.lines += [f"def {name}(x):", f"    return {name}_cls({args})", ""]
        return name

    def _expr(self, t: Any, v: str) -> str:
        """Source of an expression copying the value ``v`` of type ``t``."""
        if self._immutable(t):
            return v
        if isinstance(t, mi.StructType):
            return f"{self._struct(t)}({v})"
        if isinstance(t, mi.ListType):
            if self._immutable(t.item_type):
                return f"{v}.copy()"
            if isinstance(t.item_type, mi.StructType):
                return f"list(map({self._struct(t.item_type)}, {v}))"
            e = self._var()
            return f"[{self._expr(t.item_type, e)} for {e} in {v}]"
        if isinstance(t, mi.DictType):
            if self._immutable(t.value_type):
                return f"{v}.copy()"
            k, e = self._var(), self._var()
            return f"{{{k}: {self._expr(t.value_type, e)} for {k}, {e} in {v}.items()}}"
        if isinstance(t, mi.UnionType):
            others = [x for x in t.types if not isinstance(x, mi.NoneType)]
            if len(others) == 1 and len(others) < len(t.types):
                return f"(None if {v} is None else {self._expr(others[0], v)})"
            structs = [x for x in others if isinstance(x, mi.StructType)]
            if len(structs) == len(others):
                table = self._var()
                self.tables[table] = {x.cls: self._struct(x) for x in structs}
                none = f"None if {v} is None else " if len(others) < len(t.types) else ""
                return f"({none}{table}[type({v})]({v}))"
        return f"_deep({v})"
