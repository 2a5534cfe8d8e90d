"""Tab at the Horde prompt: commands, card names in the team's hands, names and ids on the
battlefield, the words of ``pass`` and ``stops``.

``lines(state, seat, before)`` gives the whole lines the text before the cursor may
become; the prompt (readline, or a full screen's completer) inserts the rest. It reads the
state and changes nothing.
"""

from __future__ import annotations

import re
from typing import Any

from cardcli.games.horde.commands import ALIASES, VERBS
from cardcli.games.horde.stops import DEFAULTS, PRESETS
from cardcli.games.horde.variant import HORDE
from cardcli.magic import stops as core
from cardcli.magic.table import Table

META = ("help", "moves", "hint", "show", "quit", "stops")
WORDS = (*sorted({*VERBS, *META} - {"adjust"}), "adjust")
UNDO = ("undo", "redo")  # a paper game's (cardcli/engine/undo.py)
HAND_VERBS = ("play", "cast")
AFTER = {
    "pass": ["turn", "until combat", "until my turn"],
    "stops": [*PRESETS, *DEFAULTS],
}
_SEAT = re.compile(r"^(\s*p[1-4]\s+)", re.IGNORECASE)
MAX_SHOWN = 200  # more candidates than this are none a person reads


def lines(state: Any, seat: str | None, before: str) -> list[str]:
    """The lines ``before`` may become, sorted, each starting with ``before`` (as typed)."""
    table: Table = state.table
    head_match = _SEAT.match(before)
    head = head_match.group(1) if head_match else ""
    rest = before[len(head) :]
    if " " not in rest.lstrip():  # the command word
        typed = rest.lstrip().lower()
        known = (*WORDS, *UNDO) if table.variant.rules.get("paper") else WORDS  # type: ignore[attr-defined]
        words_found = [head + rest[: len(rest) - len(rest.lstrip())] + w for w in known]
        return [f for f in words_found if f[len(before) - len(typed) :].startswith(typed)]
    words = rest.split()
    verb = ALIASES.get(words[0].lower(), words[0].lower())
    found = set(_legal(state, seat, head, before))
    if verb in AFTER:
        found.update(_after_words(before, head, rest, verb))
    elif verb in VERBS or verb == "show":
        # After "->" come targets: on the battlefield, or players, whatever the verb.
        named_verb = "target" if "->" in rest else verb
        names = _names(table, state.to_move() or seat, head, named_verb)
        found.update(_names_completing(before, head, rest, names))
    if verb == "adjust":  # adjust card p1 Ser: the names of cardcli's cards (adjust_card)
        from cardcli.games.horde.adjust_card import complete

        found.update(complete(before))
    return sorted(f for f in found if f.lower().startswith(before.lower()))[:MAX_SHOWN]


def _legal(state: Any, seat: str | None, head: str, before: str) -> list[str]:
    """Legal commands that continue the line; one that names the seat to move may be
    typed without it."""
    mover = state.to_move() or seat
    if mover is None:
        return []
    found = []
    low = before.lower()
    for command in state.legal_commands(mover):
        if command.lower().startswith(low):
            found.append(before + command[len(before) :])
        elif not head and command.startswith(f"{mover} "):
            bare = command[len(mover) + 1 :]
            if bare.lower().startswith(low):
                found.append(before + bare[len(before) :])
    return found


def _after_words(before: str, head: str, rest: str, verb: str) -> list[str]:
    """``pass turn``, ``pass until ...``; ``stops`` with a stop's name, then its mode."""
    words = rest.split()
    said = head + rest[: rest.index(words[0]) + len(words[0])]
    if verb == "pass":
        return [f"{said} {option}" for option in AFTER["pass"]]
    args = words[1:]
    done = args if before.endswith(" ") else args[:-1]
    options = list(core.MODES) if len(done) % 2 else [*(() if done else PRESETS), *DEFAULTS]
    cut = before.rfind(" ") + 1
    return [before[:cut] + option for option in options]


def _names(table: Table, seat: str | None, head: str, verb: str) -> list[str]:
    """Names and ids a command of ``verb`` may name: cards in the hands for ``play`` and
    ``cast`` (the named player's, else the team's); otherwise objects on the battlefield,
    and the players (and, for ``show``, the hands too)."""
    named = head.strip().lower()
    if named in table.players:
        hands = list(table.players[named].hand)
        team = table.players[named].team
    else:  # without a seat the seat to move plays it: its hand
        team = table.players[seat].team if seat in table.players else table.teams[0]
        hands = list(table.players[seat].hand) if seat in table.players else []
    if verb in HAND_VERBS:
        objs = hands
        extra: set[str] = set()
    else:
        objs = list(table.battlefield.values()) + (hands if verb == "show" else [])
        extra = {HORDE, *team.names}
    return sorted({o.name for o in objs} | {f"#{o.id}" for o in objs} | extra)


def _names_completing(before: str, head: str, rest: str, names: list[str]) -> list[str]:
    """A name (of one word or several) completing the words after the verb: the longest
    run of typed words that begins one."""
    start = len(before) - len(rest) + len(rest) - len(rest.lstrip())
    start += len(rest.split()[0])
    cuts = [i + 1 for i in range(start, len(before)) if before[i] == " "]
    for cut in cuts:
        fragment = before[cut:].lower()
        if fragment.startswith(" "):
            continue
        if not fragment:
            return [before + n for n in names if not n.startswith("#")]
        found = [before[:cut] + n for n in names if n.lower().startswith(fragment)]
        if found:
            return found
    return []
