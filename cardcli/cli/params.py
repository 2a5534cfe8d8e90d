"""The command line's values: whole numbers in bounds, seeds, workers, a game's options."""

from __future__ import annotations

from typing import Any

import click

from cardcli.printable import one_line

MAX_SEED = (1 << 64) - 1
MAX_DIGITS = 20  # 2**64 has 20 digits; no option of cardcli needs more


class WholeNumber(click.ParamType):  # type: ignore[type-arg]
    """A whole number in ASCII digits, within bounds: ``١٢`` or ``1e3`` is no number here."""

    name = "integer"

    def __init__(self, low: int | None = None, high: int | None = None) -> None:
        self.low, self.high = low, high

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int) and not isinstance(value, bool):
            number = value
        else:
            text = str(value).strip()
            digits = text[1:] if text.startswith("-") else text
            shown = (
                one_line(str(value)) if len(str(value)) <= 40 else one_line(str(value)[:40]) + "..."
            )
            if not (digits.isascii() and digits.isdigit()):
                self.fail(f"'{shown}' is not a whole number (write digits 0-9)", param, ctx)
            if len(digits) > MAX_DIGITS:  # a number, too long to be one we take
                self.fail(
                    f"'{shown}' ({len(digits)} digits) is too large{self._range()}", param, ctx
                )
            number = int(text)
        if (self.low is not None and number < self.low) or (
            self.high is not None and number > self.high
        ):
            if self.high is None:
                self.fail(f"{number} is below {self.low}", param, ctx)
            self.fail(f"{number} is not in the range {self.low} to {self.high}", param, ctx)
        return number

    def _range(self) -> str:
        if self.low is not None and self.high is not None:
            return f": {self.low} to {self.high}"
        return ""


SEED = WholeNumber(0, MAX_SEED)
MAX_WORKERS = 256


def cores() -> int:
    """The cores this process may use (every core, where the system says which)."""
    import os

    affinity = getattr(os, "sched_getaffinity", None)
    return len(affinity(0)) if affinity is not None else os.cpu_count() or 1


class Workers(WholeNumber):
    """``--workers N`` or ``--workers auto``: one worker a core."""

    name = "N|auto"

    def __init__(self) -> None:
        super().__init__(1, MAX_WORKERS)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, str) and value.strip().lower() == "auto":
            return min(cores(), MAX_WORKERS)
        text = str(value).strip()
        if not isinstance(value, int) and not (text.isascii() and text.isdigit()):
            shown = one_line(text[:40])
            self.fail(f"'{shown}' is not a number of workers: write 1 to 256, or auto", param, ctx)
        return super().convert(value, param, ctx)


# -- shell completion (click's _CARDCLI_COMPLETE; see the README) ------------------


def split_game_options(kwargs: dict[str, Any], game_name: str) -> dict[str, Any]:
    """Take the game's own options out of a command's ``kwargs``: those given."""
    from cardcli.engine.game import get_game

    names = {opt.name for opt in get_game(game_name).options}
    given = {name: kwargs.pop(name) for name in list(kwargs) if name in names}
    # An unused multiple option comes as an empty tuple: the same as not given.
    return {name: value for name, value in given.items() if value is not None and value != ()}
