"""Triggers on damage, read with their source and what was dealt the damage.

"Whenever a source deals damage to ~": the card's own ``dealt_damage``, whose
event knows the source; "that source's controller" is who controlled that
source as it dealt the damage (``that_source_controller``).
"""

from __future__ import annotations

from typing import Any

# Triggers whose event has a source of damage: "that source's controller" is its controller.
SOURCE_TRIGGERS = ("dealt_damage",)


def _names_source(value: Any) -> bool:
    if isinstance(value, dict):
        return value.get("each") == "that_source_controller" or any(
            _names_source(v) for v in value.values()
        )
    if isinstance(value, list):
        return any(_names_source(v) for v in value)
    return False


def sources_known(triggers: list[dict[str, Any]], effects: list[dict[str, Any]]) -> bool:
    """False if the effects name "that source's controller" where some trigger has no source."""
    return not _names_source(effects) or all(t["when"] in SOURCE_TRIGGERS for t in triggers)
