"""The command-line interface: click declarations only; the work is in ``actions``
and ``deck_app``. One module a family of commands (``games``, ``logs``, ``decks``),
the root group in ``root``, and what they share (``params``, ``complete``, ``run``).
"""

from cardcli.cli.root import cli, main

__all__ = ["cli", "main"]
