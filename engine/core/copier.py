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

The source is a module of its own (one per state type, its classes imported by name). In the
page (``keep_in``, web/main.py) it is written as a file in the wheels' folder and imported from
there, so the worker keeps it, with its bytecode, beside the wheels it was made from, and a
new tab imports it instead of translating the annotations and compiling the source again
(docs/speed.md "Issue #32, session 26"). The kept files are written back only beside the very
wheels the build's lock names (sha256; docs/boot.md "Wheels and bytecode kept"), so a kept
copier always comes from the sources it copies for; it also names each class's fields, and one
whose fields differ is made again.
"""

from __future__ import annotations

import collections.abc
import importlib.util
import inspect
import os
import sys
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
# The folder where the copiers' modules are kept (``keep_in``), or empty: made in memory each time.
_KEPT: list[str] = []


def keep_in(folder: str) -> None:
    """Write each copier's module as a file in ``folder`` and import it from there, and use one
    found there instead of making it: for a folder kept with the wheels it was made from (the
    page's, web/main.py), never one the engine's sources could change under."""
    _KEPT[:] = [folder]


def copier(cls: type) -> Callable[[Any], Any]:
    """The copy function for instances of the Struct class ``cls`` (built once, then cached)."""
    fn = _COPIERS.get(cls)
    if fn is None:
        fn = (_kept(cls) if _KEPT else None) or _Builder().build(cls)
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


def _kept_path(cls: type) -> str:
    return os.path.join(_KEPT[0], f"{cls.__module__}__{cls.__qualname__}".replace(".", "_") + ".py")


def _kept(cls: type) -> Callable[[Any], Any] | None:
    """The copier of ``cls`` from its kept module, or None: none kept, or one made for other
    fields (its classes' fields are checked: a cheap look that reads no annotation)."""
    path = _kept_path(cls)
    if not os.path.isfile(path):
        return None
    module = _imported(path)
    if any(c.__struct_fields__ != fields for c, fields in module.FIELDS):
        return None
    for c, fn in module.COPIERS.items():
        _COPIERS.setdefault(c, fn)
    copy: Callable[[Any], Any] = module.COPIERS[cls]
    return copy


def _imported(path: str) -> Any:
    """The module at ``path``, imported as any other: CPython writes its bytecode beside it,
    and it joins ``sys.modules``, which is what tells web/main.py to keep the files again."""
    spec = importlib.util.spec_from_file_location(
        "engine_copier_" + os.path.basename(path)[:-3], path
    )
    assert spec is not None and spec.loader is not None  # (a .py file: always one)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    sys.modules[spec.name] = module
    return module


def _named(cls: type) -> bool:
    """Whether ``cls`` is found again by its module and name (not a class made in a function)."""
    found: Any = inspect.getmodule(cls)
    for part in cls.__qualname__.split("."):
        found = getattr(found, part, None)
    return found is cls


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
        self.read_only: dict[type, frozenset[str]] = {}
        self.names: dict[type, str] = {}
        self.lines: list[str] = []
        # copiers that are a class's own shallow copy: name = class.__copy__
        self.shallow: list[str] = []
        self.counter = 0
        # Union dispatch tables: variable name -> {class: copier name}, made after the functions.
        self.tables: dict[str, dict[type, str]] = {}

    def build(self, cls: type) -> Callable[[Any], Any]:
        source = self.module(cls)
        kept = _KEPT and all(_named(c) for c in self.names)
        if kept:
            os.makedirs(_KEPT[0], exist_ok=True)
            path = _kept_path(cls)
            with open(path, "w", encoding="utf-8") as f:
                f.write(source)
            # (the bytecode of a module made for other fields may be kept unchecked beside it)
            if os.path.exists(pyc := importlib.util.cache_from_source(path)):
                os.remove(pyc)
            copiers = _imported(path).COPIERS
        else:
            env: dict[str, Any] = {"__name__": "engine_copier"}
            exec(source, env)
            copiers = env["COPIERS"]
        for c, fn in copiers.items():
            _COPIERS.setdefault(c, fn)
        copy: Callable[[Any], Any] = copiers[cls]
        return copy

    def module(self, cls: type) -> str:
        """The source of a module that defines the copiers of ``cls`` and of every Struct class
        under it (``COPIERS``: class -> function) and names their fields (``FIELDS``)."""
        # One translation of the annotations for the whole tree of Structs (``type_info`` of
        # each nested class again would evaluate its annotations, and its children's, anew)
        self._struct(cast(mi.StructType, mi.type_info(cls)))
        modules = sorted({c.__module__ for c in self.names})
        head = [f'"""The copiers of {cls.__module__}.{cls.__qualname__} (engine.core.copier)."""']
        head += ["from engine.core.copier import deep_copy as _deep"]
        head += [f"import {m} as _m{i}" for i, m in enumerate(modules)]
        for c, name in self.names.items():
            head.append(f"{name}_cls = _m{modules.index(c.__module__)}.{c.__qualname__}")
        tail = [f"{name} = {name}_cls.__copy__" for name in self.shallow]
        for table, entries in self.tables.items():
            items = ", ".join(f"{self.names[c]}_cls: {n}" for c, n in entries.items())
            tail.append(f"{table} = {{{items}}}")
        tail.append(f"COPIERS = {{{', '.join(f'{n}_cls: {n}' for n in self.names.values())}}}")
        fields = (
            f"({n}_cls, {c.__struct_fields__!r})"  # type: ignore[attr-defined]  # (Struct classes)
            for c, n in self.names.items()
        )
        tail.append(f"FIELDS = ({', '.join(fields)},)")
        return "\n".join([*head, "", *self.lines, *tail]) + "\n"

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
            self.shallow.append(name)
            return name
        # One constructor call (positional unless the class is keyword-only) beats a shallow
        # copy followed by an attribute store per mutable field (even for The Magnificent's
        # state, 4 of 29 fields its own: 6,280 instructions a copy against 6,330).
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
