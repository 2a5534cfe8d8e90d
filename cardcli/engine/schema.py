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


class LineValidator:
    """Validates lines of one game's log against ``schemas/GAME.schema.json``."""

    def __init__(self, game: str) -> None:
        from jsonschema import Draft202012Validator
        from referencing import Registry, Resource

        self.game = game
        envelope = load_schema(ENVELOPE)
        own = load_schema(f"{game}.schema.json")
        self.registry = Registry().with_resources(
            [
                (envelope["$id"], Resource.from_contents(envelope)),
                (own["$id"], Resource.from_contents(own)),
            ]
        )
        self._validator_class = Draft202012Validator
        self._base = {"envelope": envelope["$id"], "own": own["$id"]}
        self._types = set(own["properties"]["type"]["enum"])
        self._by_type: dict[str, Any] = {}
        self.whole = Draft202012Validator(own, registry=self.registry)

    def _validator_for(self, kind: str) -> Any:
        validator = self._by_type.get(kind)
        if validator is None:
            base = self._base["envelope"] if kind in SHARED_TYPES else self._base["own"]
            schema = {"$ref": f"{base}#/$defs/{kind}"}
            validator = self._validator_class(schema, registry=self.registry)
            self._by_type[kind] = validator
        return validator

    def errors(self, line: Line) -> list[str]:
        """What is wrong with ``line``, one message per problem ([] if valid)."""
        kind = line.get("type")
        if not isinstance(kind, str) or kind not in self._types:
            return [f"unknown line type {kind!r} for {self.game}"]
        messages = []
        for error in sorted(
            self._validator_for(kind).iter_errors(line), key=lambda e: list(e.path)
        ):
            where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.path)
            messages.append(f"{kind}{where}: {error.message}")
        return messages
