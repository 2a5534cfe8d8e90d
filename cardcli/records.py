"""Frozen records made without compiling code: for the few classes every start of cardcli makes.

``dataclasses.dataclass`` writes out and compiles the source of ``__init__`` (and, for a
frozen class, of ``__setattr__``, ``__delattr__``, ``__eq__``, ``__hash__`` and
``__repr__``) for each class it makes: about a millisecond for a class of many fields,
paid by every start whether the class is used much or not. ``record`` makes the same
kind of class, with methods shared by every record class instead: fields from the
annotations (a ``ClassVar`` is none), defaults from the class body
(``dataclasses.field(default_factory=...)`` too), arguments by position in the fields'
order or by name, and instances frozen. Binding arguments in Python is slower than a
compiled ``__init__``, so it is for classes made a handful of times (a game, its
options), not for those made in a game's inner loop. Type checkers treat it as a frozen
dataclass (``dataclass_transform``).
"""

from __future__ import annotations

from dataclasses import MISSING, Field, FrozenInstanceError, field
from typing import Any, TypeVar, dataclass_transform

T = TypeVar("T")


def _init(self: Any, *args: Any, **kwargs: Any) -> None:
    cls = type(self)
    names: tuple[str, ...] = cls.__record_fields__
    if len(args) > len(names):
        raise TypeError(f"{cls.__name__}() takes {len(names)} arguments, {len(args)} given")
    values = dict(zip(names, args, strict=False))
    for name, value in kwargs.items():
        if name not in cls.__record_known__:
            raise TypeError(f"{cls.__name__}() got an unexpected argument {name!r}")
        if name in values:
            raise TypeError(f"{cls.__name__}() got two values for {name!r}")
        values[name] = value
    defaults: dict[str, Any] = cls.__record_defaults__
    for name in names:
        if name in values:
            value = values[name]
        elif name in defaults:
            value = defaults[name]
            if isinstance(value, Field):
                value = value.default_factory()  # type: ignore[operator]
        else:
            raise TypeError(f"{cls.__name__}() is missing the argument {name!r}")
        object.__setattr__(self, name, value)


def _frozen(self: Any, name: str, *value: Any) -> None:
    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def _eq(self: Any, other: Any) -> Any:
    if other.__class__ is not self.__class__:
        return NotImplemented
    return all(getattr(self, n) == getattr(other, n) for n in self.__record_fields__)


def _hash(self: Any) -> int:
    return hash(tuple(getattr(self, n) for n in self.__record_fields__))


def _repr(self: Any) -> str:
    shown = ", ".join(f"{n}={getattr(self, n)!r}" for n in self.__record_fields__)
    return f"{type(self).__qualname__}({shown})"


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
def record(*, eq: bool = True, repr: bool = True) -> Any:
    """Make the decorated class a frozen record; ``eq`` and ``repr`` as for a dataclass
    (without them an instance equals only itself and shows as an object)."""

    def make(cls: type[T]) -> type[T]:
        names = []
        defaults: dict[str, Any] = {}
        for klass in reversed(cls.__mro__):
            for name, annotation in vars(klass).get("__annotations__", {}).items():
                if str(annotation).startswith(("ClassVar", "typing.ClassVar")):
                    continue
                if name not in names:
                    names.append(name)
                default = vars(klass).get(name, MISSING)
                if isinstance(default, Field):
                    default = default if default.default is MISSING else default.default
                if default is not MISSING:
                    defaults[name] = default
        for name, default in defaults.items():
            if isinstance(default, Field) and name in vars(cls):
                delattr(cls, name)  # a factory's default is made for each instance
        cls.__record_fields__ = tuple(names)  # type: ignore[attr-defined]
        cls.__record_known__ = frozenset(names)  # type: ignore[attr-defined]
        cls.__record_defaults__ = defaults  # type: ignore[attr-defined]
        cls.__init__ = _init  # type: ignore[method-assign]
        cls.__setattr__ = _frozen  # type: ignore[method-assign]
        cls.__delattr__ = _frozen  # type: ignore[method-assign]
        if eq:
            cls.__eq__ = _eq  # type: ignore[method-assign]
            cls.__hash__ = _hash  # type: ignore[method-assign]
        if repr:
            cls.__repr__ = _repr  # type: ignore[method-assign]
        return cls

    return make
