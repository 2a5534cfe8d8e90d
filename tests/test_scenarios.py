"""Every scripted game under scenarios/ reaches the outcome it states."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from cardcli.engine.game import get_game
from tests.conftest import REPO, new_session

SCENARIOS = sorted((REPO / "scenarios").glob("*/*.yaml"))


def test_there_are_scenarios() -> None:
    assert SCENARIOS


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_scenario_reaches_its_outcome(path: Path) -> None:
    spec: dict[str, Any] = yaml.safe_load(path.read_text(encoding="utf-8"))
    options = dict(spec.get("options", {}))
    # A file named by a data option (a deck, a set-up) is found beside the scenario.
    for opt in get_game(spec["game"]).options:
        value = options.get(opt.name)
        if opt.kind == "data" and isinstance(value, str) and (path.parent / value).is_file():
            options[opt.name] = str(path.parent / value)
    session, _lines = new_session(spec["game"], seed=spec.get("seed", 1), **options)
    rejected = []
    for text in spec["commands"]:
        outcome = session.submit(text)
        if not outcome.accepted:
            rejected.append(text)
    expect = spec["expect"]
    if "rejected" in expect:
        assert rejected == expect["rejected"]
    if "result" in expect:
        assert session.over, "the scenario's game did not end"
        result = session.state.result()
        for key, value in expect["result"].items():
            assert result[key] == value, key
