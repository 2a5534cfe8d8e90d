"""Hunsberger's Solitaire: escape the imprisoning enchantment before the Timer deck runs out."""

from __future__ import annotations

import os
import statistics
from functools import cache
from typing import Any

from cardcli.cards.mtg.pool import CardPool
from cardcli.cards.mtg.resolve import (
    bundled_deck_path,
    cards_of,
    check_resolved,
    resolve_deck_file,
    resolve_names,
    split_names,
)
from cardcli.engine.errors import UsageError
from cardcli.engine.game import Event, Game, Option, Options, State
from cardcli.engine.rng import Rng
from cardcli.games.hunsberger.bots import BOTS, advise
from cardcli.games.hunsberger.rules import HunsbergerState
from cardcli.games.hunsberger.scoring import SPELL_DAMAGE
from cardcli.games.hunsberger.tally import HunsbergerTally
from cardcli.games.hunsberger.view import describe, render
from cardcli.numbers import whole_number
from cardcli.printable import shortened

TIMER = 15  # "The size of the Timer deck is fifteen cards."
DEFAULT_GOAL = 40  # "if you have scored more than forty points of damage"
DEFAULT_DECK = "hunsberger-shade-ritual.yaml"
MAX_GOAL = 100_000


def check_goal(text: str) -> str:
    """``--goal``: a number, ``deck`` or ``deck-15``; normalised to that text."""
    word = text.strip().lower().replace(" ", "")
    if word in ("deck", "deck-15"):
        return word
    number = whole_number(word)
    if number is not None and 0 <= number <= MAX_GOAL:
        return str(number)
    raise UsageError(
        f"--goal takes a number of damage points (0 to {MAX_GOAL}), 'deck' (the deck's size) "
        f"or 'deck-15' (the main deck after the Timer deck is dealt); got {shortened(repr(text), 60)}"
    )


def goal_of(text: str, deck_size: int, timer_size: int) -> tuple[int, str]:
    """(the damage to reach, and how): a number is to be beaten; the deck goals to be met."""
    if text == "deck":
        return deck_size, "as-many-as"
    if text == "deck-15":
        return max(0, deck_size - timer_size), "as-many-as"
    return int(text), "more-than"


@cache
def _pool() -> CardPool:
    """The card pool, read once a process (the CLI loads a game once; tests many times)."""
    return CardPool.bundled()


def load_deck(path: str) -> dict[str, Any]:
    return resolve_deck_file(path, "--deck", _pool())


def load_names(label: str) -> Any:
    def load(text: str) -> dict[str, Any]:
        return resolve_names(split_names(text), label, _pool())

    return load


def check_deck(value: Any) -> dict[str, Any]:
    resolved = check_resolved(value, "deck")
    if not resolved["sections"].get("main"):
        raise UsageError("deck: the deck has no main section with cards")
    return resolved


OPTIONS = (
    Option(
        "deck",
        "data",
        None,
        f"a decklist in any format 'cardcli deck' reads [default: the bundled {DEFAULT_DECK}]",
        load=load_deck,
        check=check_deck,
        metavar="FILE",
    ),
    Option(
        "goal",
        "text",
        str(DEFAULT_GOAL),
        "the damage to beat: a number (more than it escapes), 'deck' or 'deck-15' "
        "(as many points as the deck's cards, or the main deck's after the Timer deck)",
        check=check_goal,
    ),
    Option(
        "take",
        "int",
        0,
        "the variant for big decks: shuffle and play only the first N cards (the text's 60); "
        "0 plays the whole deck",
        low=0,
        high=1000,
    ),
    Option(
        "spell_damage",
        "choice",
        "mana-used",
        "mana-used: an offensive spell deals the mana used to cast it, an X spell its X (the "
        "text's sentence and its Disintegrate); printed: a spell deals the damage it prints "
        "(X spells X), destroy spells the mana paid; mana: every offensive spell deals the mana "
        "paid, X spells too (the reading of logs before mana-used)",
        SPELL_DAMAGE,
    ),
    Option(
        "saved_pumps",
        "choice",
        "stay",
        "stay: a pump cast on a saved creature stays with it until it attacks; "
        "end-of-turn: it wears off at the end of the turn (auras always stay)",
        ("stay", "end-of-turn"),
    ),
    Option(
        "overstack",
        "choice",
        "refuse",
        "refuse: a stack never holds more than two lands; burn: a third land joins it and "
        "each land beyond two discards a card from the Timer deck (mana burn); burn-discard: "
        "the same mana burn, and the land beyond two goes to the graveyard (no more mana)",
        ("refuse", "burn", "burn-discard"),
    ),
    Option(
        "same_colour_slots",
        "choice",
        "allow",
        "allow: lands of one colour may stand in both Save slots (only a stack is never "
        "mixed); refuse: a land of the colour of the other slot's lands can only join them",
        ("allow", "refuse"),
        absent="allow",
    ),
    Option(
        "instant_death",
        "choice",
        "hand-and-slots",
        "which lands count for instant death (8 mana-producing lands out): hand-and-slots "
        "(the lands in the hand and the Save slots) or slots (those in the Save slots only)",
        ("hand-and-slots", "slots"),
        absent="hand-and-slots",
    ),
    Option(
        "order",
        "data",
        None,
        'the main deck from its top, no shuffle: "Swamp; Dark Ritual; Dread Shade"',
        setup=True,
        load=load_names("--order"),
        check=check_deck,
        metavar='"CARD; CARD; ..."',
    ),
    Option(
        "timer",
        "data",
        None,
        "the Timer deck from its top (its first card is flipped first); its length is the "
        "Timer size",
        setup=True,
        load=load_names("--timer"),
        check=check_deck,
        metavar='"CARD; ...; CARD"',
    ),
)


@cache
def _bundled(filename: str) -> dict[str, Any]:
    return resolve_deck_file(str(bundled_deck_path(filename)), "--deck", _pool())


def prepare(given: dict[str, Any]) -> dict[str, Any]:
    """The bundled deck when neither --deck nor both --order and --timer are given."""
    loaded = dict(given)
    explicit = loaded.get("order") is not None and loaded.get("timer") is not None
    if loaded.get("deck") is None and not explicit:
        loaded["deck"] = _bundled(DEFAULT_DECK)
    if explicit and loaded.get("deck") is not None:
        raise UsageError("--order and --timer give every card: leave --deck out")
    if explicit and loaded.get("take"):
        raise UsageError(
            "--order and --timer give every card: leave --take out (it takes from a shuffled deck)"
        )
    return loaded


def new_state(options: Options, setup: Options, rng: Rng) -> tuple[State, list[Event]]:
    order, timer = setup.get("order"), setup.get("timer")
    deck = options.get("deck")
    definitions: dict[str, Any] = {}
    for resolved in (deck, order, timer):
        if resolved is not None:
            definitions.update(cards_of(resolved))
    if deck is None and (order is None or timer is None):
        raise UsageError("give --deck, or both --order and --timer")
    shuffled = False
    if deck is not None:
        names = list(deck["sections"]["main"])
        rng.shuffle(names)  # "Shuffle well"
        shuffled = True
        if options["take"]:
            names = names[: options["take"]]  # "take the first sixty cards"
    main: list[str]
    if order is not None and timer is not None:
        main, timer_names = list(order["sections"]["main"]), list(timer["sections"]["main"])
    elif timer is not None:
        main, timer_names = names, list(timer["sections"]["main"])
    else:
        # "These cards are dealt off the top of your main deck"
        timer_names, rest = names[:TIMER], names[TIMER:]
        main = list(order["sections"]["main"]) if order is not None else rest
    everything = timer_names + main
    cards = [definitions[name] for name in everything]
    timer_ids = list(range(len(timer_names)))
    main_ids = list(range(len(timer_names), len(everything)))
    size = len(everything)
    goal = goal_of(options["goal"], size, len(timer_ids))
    state = HunsbergerState(options, cards, main_ids, timer_ids, goal, advise)
    return state, state.start(shuffled)


def summarize(results: list[dict[str, Any]]) -> dict[str, Any]:
    """The deck in the players' own terms: 'typical 60/38, escapes 31%'."""
    scores = [r["scores"]["p1"] for r in results]
    size = results[0]["deck_size"]
    typical = statistics.median_low(scores)  # a score some game really had
    escapes = sum(1 for r in results if r["escaped"]) / len(results)
    deaths = sum(1 for r in results if r["death"])
    rule = "more than" if results[0]["goal_rule"] == "more-than" else "at least"
    return {
        "in_players_terms": f"typical {size}/{typical:g}, escapes {escapes:.0%}",
        "goal": f"{rule} {results[0]['goal']} damage",
        "best_game": f"{size}/{max(scores)}",
        "instant_deaths": deaths,
    }


HELP = """\
Hunsberger's Solitaire: each turn a Timer card is flipped and three cards are
dealt; that is your hand. Name a card by its name (any case, or its first
letters) or its place: h1 h2 ... in the hand, s1 s2 in the Save slots. All
mana is colourless.
  cast CARD [X=N] [-> TARGET]   cast a spell or summon a creature (it attacks
                                at 'end'); cast taps what it needs. TARGET: a
                                creature to pump or enchant, or a graveyard
                                card to bring back. cast Disintegrate X=3
  tap CARD                      tap a land or a mana artifact in play
  save CARD 1|2                 put a hand card in Save slot 1 or 2; a land
                                joins a land of its colour (a stack of two).
                                A flipped Timer land saved before anything
                                else is saved at once: the next Timer card
                                is flipped into the hand
  activate CARD [N]             a summoned creature's pump ability, N times,
                                or an artifact's damage ability (Rod of Ruin)
  equip CARD [-> CREATURE]      attach an Equipment in play to a summoned
                                creature (pays its equip cost)
  end                           the creatures attack, the hand is discarded
Short forms: c cast, t tap, s save, a activate, e end. Escape: more than 40
damage by the end of the last Timer card's turn; 8 lands out is death
(--instant-death slots: 8 lands in the Save slots)."""

GAME = Game(
    name="hunsberger",
    summary="Hunsberger's Solitaire: Magic cards against a Timer deck; score more than 40",
    options=OPTIONS,
    bots=BOTS,
    new_state=new_state,
    seat_names=lambda options: ["p1"],
    rules_file=os.path.join(os.path.dirname(__file__), "RULES.md"),
    help_text=HELP,
    render=lambda state, _seat, _width: render(state),
    hint=HunsbergerState.hint,
    default_bot="best",
    score_label="damage",
    win_label="escape rate",
    describe=describe,
    summarize=summarize,
    tally=HunsbergerTally,
    prepare=prepare,
)
