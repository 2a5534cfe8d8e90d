"""Where the shipped data folders are: inside the installed package, or the repo."""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def data_dir(name: str) -> Path:
    """``schemas`` or ``decklists``: bundled in the wheel, else at the repo root."""
    inside = _PACKAGE / name
    if inside.is_dir():
        return inside
    return _PACKAGE.parent / name
