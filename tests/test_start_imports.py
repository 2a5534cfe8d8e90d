"""A scripted Shuffle-Mania game starts without the modules it does not need.

``play`` is to start within 1.5x of ``import click`` (issue 13;
``tests/benchmarks/bench_startup.py`` measures it): each module below costs
one to several milliseconds, so one imported at the top of a module on the
way again shows here first, as a plain fact rather than a timing.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

NOT_NEEDED = (
    "pathlib",  # with urllib.parse and ipaddress: 4 ms
    "textwrap",
    "yaml",
    "jsonschema",
    "hashlib",
    "sqlite3",
    "multiprocessing",
    "prompt_toolkit",
    "tempfile",
    "subprocess",
    "cardcli.cli.decks",  # the commands on decks and logs: read when one is asked for
    "cardcli.cli.logs",
    "cardcli.engine.undo",  # a game without undo: undo_words answers every line
    "cardcli.magic",
    "cardcli.games.horde",
)


def test_a_scripted_shuffle_mania_game_imports_nothing_it_does_not_use(tmp_path: Path) -> None:
    script = tmp_path / "moves.txt"
    script.write_text("done\n", encoding="utf-8")
    game = ["play", "shuffle-mania", "--order", "9c", "--seed", "1", str(script)]
    child = (
        "import sys\n"
        f"sys.argv = ['cardcli', *{game!r}]\n"
        "from cardcli.cli import main\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        f"print('LOADED', *[m for m in {NOT_NEEDED!r} if m in sys.modules], file=sys.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", child], capture_output=True, check=True, timeout=120
    )
    assert b'"type":"game_over"' in done.stdout
    assert done.stderr.decode().strip().splitlines()[-1] == "LOADED"
