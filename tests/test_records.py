"""``records.record``: a frozen class made without compiled code, as a dataclass would be."""

from __future__ import annotations

import dataclasses
from typing import ClassVar

import pytest

from cardcli.records import record


@record()
class Point:
    x: int
    y: int = 0
    tags: list[str] = dataclasses.field(default_factory=list)
    seen: ClassVar[int] = 0  # no field


@record(eq=False, repr=False)
class Unique:
    name: str


@dataclasses.dataclass(frozen=True)
class Twin:
    x: int
    y: int = 0
    tags: list[str] = dataclasses.field(default_factory=list)
    seen: ClassVar[int] = 0


def test_arguments_by_position_or_name_with_defaults_as_a_dataclass() -> None:
    for make in (Point, Twin):
        made = make(1)
        assert (made.x, made.y, made.tags) == (1, 0, [])
        assert make(1, 2, ["a"]).tags == ["a"]
        assert make(y=5, x=2).y == 5
        assert make(1).tags is not make(1).tags  # a factory's value for each
    assert Point.__record_fields__ == ("x", "y", "tags")  # type: ignore[attr-defined]
    assert Point.seen == 0


@pytest.mark.parametrize(
    ("args", "kwargs", "says"),
    [
        ((), {}, "missing the argument 'x'"),
        ((1, 2, [], 4), {}, "takes 3 arguments, 4 given"),
        ((1,), {"x": 2}, "two values for 'x'"),
        ((1,), {"z": 2}, "unexpected argument 'z'"),
    ],
)
def test_wrong_arguments_are_refused(args: tuple, kwargs: dict, says: str) -> None:
    with pytest.raises(TypeError, match=says):
        Point(*args, **kwargs)


def test_frozen_equal_by_fields_hashable_and_shown() -> None:
    point = Point(1, 2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        point.x = 3  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        del point.y  # type: ignore[misc]
    assert point == Point(1, 2) and point != Point(1, 3) and point != (1, 2)
    assert hash(Point(1, 2, ())) == hash(Point(1, 2, ()))  # type: ignore[arg-type]
    assert repr(point) == "Point(x=1, y=2, tags=[])" == repr(Twin(1, 2)).replace("Twin", "Point")


def test_without_eq_an_instance_equals_only_itself() -> None:
    one = Unique("a")
    assert one == one and one != Unique("a")
    assert "object at" in repr(one)
