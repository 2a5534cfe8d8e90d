"""Schema checks of log lines. jsonschema is imported only when needed."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from cardcli.engine.errors import LogError
from cardcli.engine.log import Line
from cardcli.resources import data_dir

ENVELOPE = "log.schema.json"
SHARED_TYPES = ("command", "rejected")


@cache
def load_schema(filename: str) -> dict[str, Any]:
    path = data_dir("schemas") / filename
    try:
        with path.open(encoding="utf-8") as handle:
            loaded: dict[str, Any] = json.load(handle)
            return loaded
    except FileNotFoundError:
        raise LogError(f"no schema {filename} in {path.parent}") from None


def _inline(node: Any, doc: dict[str, Any], docs: dict[str, dict[str, Any]]) -> Any:
    """``node`` with every ``$ref`` replaced by what it points to.

    cardcli's schemas are not recursive, so this ends; validating without
    references is many times faster than resolving them line after line.
    """
    if isinstance(node, list):
        return [_inline(item, doc, docs) for item in node]
    if not isinstance(node, dict):
        return node
    out = {key: _inline(value, doc, docs) for key, value in node.items() if key != "$ref"}
    ref = node.get("$ref")
    if ref is None:
        return out
    filename, _, pointer = ref.partition("#")
    target_doc = docs[filename] if filename else doc
    target: Any = target_doc
    for part in filter(None, pointer.split("/")):
        target = target[part]
    resolved = _inline(target, target_doc, docs)
    if not out:
        return resolved
    out.setdefault("allOf", []).append(resolved)
    return out


@cache
def strict_validator_class() -> Any:
    """Draft 2020-12, except that an integer is written as one: ``8.0`` is not 8.

    JSON Schema counts ``8.0`` as an integer; the engine never writes it, so a
    log that holds it is not a log the engine wrote.
    """
    from jsonschema import Draft202012Validator, validators

    checker = Draft202012Validator.TYPE_CHECKER.redefine(
        "integer", lambda _checker, value: type(value) is int
    )
    return validators.extend(Draft202012Validator, type_checker=checker)  # type: ignore[no-untyped-call]


class LineValidator:
    """Validates lines of one game's log against ``schemas/GAME.schema.json``."""

    def __init__(self, game: str) -> None:
        self.game = game
        validator_class = strict_validator_class()
        envelope = load_schema(ENVELOPE)
        own = load_schema(f"{game}.schema.json")
        docs = {ENVELOPE: envelope, f"{game}.schema.json": own}
        self._types = set(own["properties"]["type"]["enum"])
        self._by_type: dict[str, Any] = {}
        for kind in self._types:
            doc = envelope if kind in SHARED_TYPES else own
            schema = _inline(doc["$defs"][kind], doc, docs)
            self._by_type[kind] = validator_class(schema)

    def errors(self, line: Line) -> list[str]:
        """What is wrong with ``line``, one message per problem ([] if valid)."""
        kind = line.get("type")
        if not isinstance(kind, str) or kind not in self._types:
            return [f"unknown line type {kind!r} for {self.game}"]
        messages = []
        for error in sorted(self._by_type[kind].iter_errors(line), key=lambda e: list(e.path)):
            where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.path)
            messages.append(f"{kind}{where}: {error.message}")
        return messages


@cache
def line_validator(game: str) -> LineValidator:
    """One ``LineValidator`` a game, made once (it compiles every line type's schema)."""
    return LineValidator(game)
