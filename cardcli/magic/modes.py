"""Modal spells and abilities (700.2): which modes may be chosen, and choosing them.

The modes are chosen as a spell is cast or an ability activated (601.2b,
700.2a) and as a triggered ability is put on the stack (603.3c, 700.2b), before
any target; a mode whose targets cannot be chosen cannot be chosen, and only
the chosen modes' targets are chosen (700.2c). Each mode is chosen at most once
(700.2d). The chosen modes' effects then resolve in the order the modes are
printed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardcli.magic.cards import Modal
from cardcli.magic.choices import Answers, ask
from cardcli.magic.decisions import Decision
from cardcli.magic.sources import DamageSource
from cardcli.magic.targets import has_candidates, slots_of

if TYPE_CHECKING:
    from cardcli.magic.table import Table

MODE = "mode"  # the kind of decision


def legal_modes(
    table: Table, modal: Modal, player: str, facts: DamageSource, spell_id: int | None = None
) -> list[int]:
    """The modes ``player`` may choose now (700.2a: each target word of the mode can be
    filled), by index."""
    return [
        i
        for i, mode in enumerate(modal.modes)
        if all(
            has_candidates(table, slot, player, facts, spell_id) for slot in slots_of(mode.effects)
        )
    ]


def can_choose(table: Table, modal: Modal, player: str, facts: DamageSource) -> bool:
    return len(legal_modes(table, modal, player, facts)) >= modal.low


def choose_modes(
    table: Table,
    answers: Answers,
    key: str,
    modal: Modal,
    player: str,
    name: str,
    facts: DamageSource,
) -> list[int] | None:
    """The modes chosen (indexes, in printed order), asked of ``player`` (may raise
    ``NeedDecision``); None if fewer modes may be chosen than the card asks for."""
    legal = legal_modes(table, modal, player, facts)
    if len(legal) < modal.low:
        return None
    high = min(modal.high, len(legal))
    options = [str(i + 1) for i in legal]
    gone = [str(i + 1) for i in range(len(modal.modes)) if i not in legal]
    how = (
        f"{modal.low}"
        if modal.low == high
        else (f"up to {high}" if modal.low == 0 else f"{modal.low} to {high}")
    )
    picks = ask(
        table,
        answers,
        key,
        Decision(
            MODE,
            player,
            f"{name}: choose {how} mode{'s' if high > 1 else ''} by number"
            + (", then done" if modal.low < high else "")
            + (f" (mode {', '.join(gone)} cannot be chosen: no legal target)" if gone else ""),
            options,
            low=min(modal.low, high),
            high=high,
            data={
                "labels": {str(i + 1): modal.modes[i].text for i in legal},
                "effects": {str(i + 1): modal.modes[i].effects for i in legal},
            },
        ),
    )
    return sorted(int(p) - 1 for p in picks if p.isdigit())


def modes_event(modal: Modal | None, chosen: tuple[int, ...] | list[int]) -> list[dict[str, Any]]:
    """The chosen modes as a cast, activated or triggered event lists them."""
    if modal is None:
        return []
    return [{"number": i + 1, "text": modal.modes[i].text} for i in sorted(chosen)]
