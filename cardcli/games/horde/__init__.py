"""Horde Magic: 2 to 4 players as one team against an automated Horde deck."""

from __future__ import annotations

import os
import statistics
from collections import Counter
from typing import Any

from cardcli.engine.errors import UsageError
from cardcli.engine.game import Event, Game, Option, Options, State, numbered_seats
from cardcli.engine.rng import Rng
from cardcli.games.horde import completion, loading, sizing, stops
from cardcli.games.horde.bots import BOTS
from cardcli.games.horde.inspect import move_note, show
from cardcli.games.horde.loading import ALL
from cardcli.games.horde.narration import narrate, resolving_now
from cardcli.games.horde.setup import build, seats_for
from cardcli.games.horde.state import HordeState
from cardcli.games.horde.tally import HordeTally
from cardcli.games.horde.teammates import SEATS
from cardcli.games.horde.view import describe, render, render_stack

OPTIONS = (
    Option(
        "players",
        "data",
        None,
        "how many players: 2, 3 or 4 [default: 2]; simulate also takes all (each of 2, 3 and 4)",
        load=loading.load_players,
        check=loading.check_players,
        metavar="2..4|all",
    ),
    Option("life", "int", 40, "the players' shared life", low=1, high=999),
    Option(
        "horde",
        "data",
        None,
        "the Horde's decklist (default: the bundled Zombie horde)",
        load=loading.load_horde,
        check=loading.check_horde,
    ),
    Option(
        "deck",
        "data",
        None,
        "a player's decklist, e.g. --deck p1=my.dec (repeat for each player; default: bundled decks)",
        load=loading.load_decks,
        check=loading.check_decks,
        multiple=True,
        metavar="SEAT=FILE",
    ),
    Option(
        "bottom",
        "choice",
        "random",
        "the order the Horde's set-aside non-token cards go to the bottom: random or revealed",
        ("random", "revealed"),
    ),
    Option(
        "set_aside",
        "choice",
        "under-first",
        "when the Horde's set-aside non-token cards go under its library: under-first (before "
        "the further reveals, as the text says) or under-last (after them: older logs, "
        "written before this option, played so and replay so)",
        ("under-first", "under-last"),
        absent="under-last",
    ),
    Option(
        "late_hand",
        "choice",
        "next-turn",
        "a card that reaches the Horde's hand during its own turn: next-turn (cast in its next "
        "turn, as the text says) or this-turn (cast with its hand if that is not cast yet: "
        "older logs, written before this option, played so and replay so)",
        ("next-turn", "this-turn"),
        absent="this-turn",
    ),
    Option(
        "no_token",
        "choice",
        "cast-first",
        "when no token card is left to reveal: cast-first (the first card revealed) or nothing",
        ("cast-first", "nothing"),
    ),
    Option(
        "horde_haste",
        "choice",
        "token-cards",
        "which Horde creatures ignore summoning sickness: token-cards (the text), tokens, or all",
        ("token-cards", "tokens", "all"),
    ),
    Option(
        "poison",
        "choice",
        "team-15",
        "poison counters of the players: team-15 (the team shares them and loses with 15, as a "
        "Two-Headed Giant team does) or each-10 (each player has their own and the team loses "
        "when one has 10)",
        ("team-15", "each-10"),
        absent="team-15",
    ),
    Option(
        "mana_payment",
        "choice",
        "keep",
        "which lands a spell's automatic payment taps: keep (those whose colours the hand and "
        "abilities do not need, saying which land made which mana) or in-order (the plain "
        "order: older logs, written before this option, played so and replay so)",
        ("keep", "in-order"),
        absent="in-order",
    ),
    Option(
        "horde_choices",
        "choice",
        "chance",
        "how the Horde decides: chance (every choice by its labelled random stream, as the "
        "text says) or policy (the weakest sacrificed first and other policies: older logs, "
        "written before this option, played so and replay so)",
        ("chance", "policy"),
        absent="policy",
    ),
    Option(
        "mulligan",
        "choice",
        "london",
        "opening hands: london (the first mulligan is free) or none (keep the first seven)",
        ("london", "none"),
    ),
    Option(
        "paper",
        "flag",
        False,
        "run the Horde for a table of paper players: cardcli plays the Horde alone; the "
        "players' decks, hands and libraries stay at the table, and they tell it what "
        "touches the Horde (entered permanents, attacks, blocks, damage, removal); undo "
        "and redo take back and put back a command",
        absent=False,
    ),
    Option(
        "size",
        "int",
        0,
        "the Horde's size: play the top N cards of its shuffled library (the rest stay out "
        "of the game); 0: the whole deck",
        low=0,
        high=1000,
        absent=0,
    ),
    Option(
        "survivors",
        "flag",
        False,
        "size the Horde by the number of players, as the survivors mode of the Horde web "
        "apps does: 60 cards for 2 players, 75 for 3, 100 for 4",
        absent=False,
    ),
    Option(
        "order",
        "data",
        None,
        'a player\'s library from its top, no shuffle: --order p1="Forest; Grizzly Bears; ..."',
        load=loading.load_orders,
        check=loading.check_orders,
        multiple=True,
        setup=True,
        metavar='SEAT="CARD; ..."',
    ),
    Option(
        "horde_order",
        "data",
        None,
        'the Horde\'s library from its top, no shuffle: --horde-order "Zombie; Bad Moon; ..."',
        load=loading.load_horde_order,
        check=loading.check_horde_order,
        setup=True,
        metavar='"CARD; ..."',
    ),
    Option(
        "setup",
        "data",
        None,
        "start from a position (YAML, schemas/horde-setup.schema.json)",
        load=loading.load_setup,
        check=loading.check_setup,
        setup=True,
    ),
)


def prepare(given: dict[str, Any]) -> dict[str, Any]:
    """CLI side: the bundled Zombie horde and player decks where none is given."""
    loaded = dict(given)
    position = loaded.get("setup")
    if position is not None:
        for other in ("order", "horde_order", "deck", "horde", "size", "survivors"):
            if loaded.get(other):
                flag = "--" + other.replace("_", "-")
                raise UsageError(f"--setup gives every zone: leave out {flag}")
        count = len([s for s in ("p1", "p2", "p3", "p4") if s in position["position"]])
        if loaded.get("players") is None:
            loaded["players"] = count
        elif loaded["players"] != count:
            raise UsageError(f"--setup has {count} players but --players is {loaded['players']}")
        return loaded
    if loaded.get("players") is None:
        loaded["players"] = 2
    players = 4 if loaded["players"] == ALL else int(loaded["players"])
    if loaded.get("horde") is None and loaded.get("horde_order") is None:
        loaded["horde"] = loading.default_horde()
    sizing.check(loaded)
    if loaded.get("paper"):
        for other in ("deck", "order"):
            if loaded.get(other):
                raise UsageError(
                    f"--paper: the players' decks stay at the table; leave out --{other}"
                )
        loaded["deck"] = None
        return loaded
    decks = dict(loaded.get("deck") or {})
    orders = loaded.get("order") or {}
    for seat in list(decks) + list(orders):
        if int(seat[1:]) > players:
            raise UsageError(f"--deck/--order {seat}: the game has {players} players (--players)")
    for seat in seats_for(players):
        if seat not in decks and seat not in orders:
            decks[seat] = loading.default_deck(seat)
    loaded["deck"] = decks
    return loaded


def new_state(options: Options, setup: Options, rng: Rng) -> tuple[State, list[Event]]:
    table, events = build(options, setup, rng.next64(), rng.child)
    return HordeState(table, options, events), events


def seat_names(options: Options) -> list[str]:
    """p1..pN; ``--players all`` names no single game's seats (it is for simulate)."""
    if options.get("players") == ALL:
        raise UsageError("--players all is for simulate: a game has 2, 3 or 4 players")
    return numbered_seats(options)


def variants(options: Options) -> list[tuple[str, Options]] | None:
    """``simulate --players all``: a run for each of 2, 3 and 4 players (decks of the seats
    in the game only)."""
    if options.get("players") != ALL:
        return None
    runs = []
    for count in (2, 3, 4):
        decks = {s: d for s, d in (options.get("deck") or {}).items() if int(s[1:]) <= count}
        runs.append((f"{count} players", {**options, "players": count, "deck": decks}))
    return runs


def summarize(results: list[dict[str, Any]]) -> dict[str, Any]:
    """The balance report of one player count: the players' win rate with its 95% interval,
    game length, the life left when they win, how they lose, and the Horde cards on the
    battlefield when they lose (the share of lost games in which each was there)."""
    from cardcli.stats import wilson

    if not results:
        return {}
    wins = [r for r in results if r.get("winner") == "players"]
    losses = [r for r in results if r.get("winner") == "horde"]
    low, high = wilson(len(wins), len(results))
    turns = [r["turns"] for r in results]
    seen: Counter[str] = Counter()
    for r in losses:
        seen.update(r.get("horde_battlefield") or {})
    present: Counter[str] = Counter()
    for r in losses:
        present.update(set(r.get("horde_battlefield") or {}))
    ranked = sorted(present, key=lambda name: (-present[name], -seen[name], name))
    return {
        "players_win_rate": round(len(wins) / len(results), 4),
        "players_win_rate_95": [round(low, 4), round(high, 4)],
        "mean_turns": round(statistics.fmean(turns), 2),
        "median_turns": _whole_if_whole(statistics.median(turns)),
        "mean_horde_turns": round(statistics.fmean(r["horde_turns"] for r in results), 2),
        "mean_life_when_won": round(statistics.fmean(r["life"] for r in wins), 2) if wins else None,
        "median_life_when_won": (
            _whole_if_whole(statistics.median(r["life"] for r in wins)) if wins else None
        ),
        "losses": dict(sorted(Counter(str(r.get("reason")) for r in losses).items())),
        "endings": dict(sorted(Counter(str(r.get("reason")) for r in results).items())),
        "horde_cards_at_losses": {name: round(present[name] / len(losses), 3) for name in ranked},
    }


def _whole_if_whole(value: float) -> float:
    """A median of whole numbers: 16, not 16.0 (and 36.5 stays)."""
    return int(value) if value == int(value) else value


HELP = """\
Horde Magic: the players (p1..p4) play one team turn against the automated Horde.
Objects have ids (#17); a card that changes zone gets a new id. Players: p1..p4, the Horde: horde.
  p1 play Forest                  play a land (one per player per turn)
  p2 cast Lightning Bolt -> #17   cast (targets and X=N optional: the game asks for what is missing)
  p1 cast Mulldrifter evoke       cast for its evoke cost (then it is sacrificed as it enters)
  p1 cast Into the Roil kicked    cast with its kicker cost paid too
  p1 cast Cyclonic Rift overload  cast for its overload cost ("each" for "target")
  p1 cast Chord convoke #4 #5     convoke: tap these creatures to pay part of the cost
  p1 cast Whir improvise #4 #5    improvise: tap these artifacts to pay generic mana
  p1 activate #12 [N] [-> #17]    activate ability N of a permanent
  p1 activate #8                  crew a Vehicle (then choose the creatures to tap)
  p1 activate Barren Moor         an ability of a card in hand or graveyard (cycling, unearth)
  p1 tap #4 [G]                   tap for mana (spells also pay themselves from untapped lands)
  attack #3 #5 [-> #9]            declare attackers (several at once), then pass (unattack #3 takes back)
  block #21 with #3 [#4]          declare blockers against the Horde, then pass (unblock #3)
  attack all [but Llanowar Elves] every creature that can attack, but those named
  block Zombie G with Serra, Llan names work for ids: a unique prefix will do
  choose #17 | yes | 3 | done     answer what the game asks (targets, X, discards, damage: #21=2 horde=3)
  pass                            pass priority (the team passes as one) / finish declaring
  pass turn                       keep passing priority until this turn ends
  pass until combat | my turn     pass on until attackers are declared/our turn
  stops [NAME MODE | default]     where we are asked ('stops' lists them)
  cancel                          take back a spell whose choices are not made yet
  keep | mulligan                 before the first turn
  show #17 | show Zombie Giant    read a card (by id, name or its start)
  show graveyard [p1|horde] | show exile [p1|horde] | show hand p1 | show stack
  adjust life -3 | poison 2 | mill 4 | destroy #12 | token p1 "Soldier" 1/1 white | counter #12 +1/+1 | move #12 exile
  adjust card p1 Serra Angel x2   real cards onto p1's battlefield
  adjust damage #12 3 | horde 5   damage (dealt to the Horde, it mills)
  adjust exile #12 | bounce #12   exile, or return to its owner's hand
  counter #31 | counter Bad Moon  a spell on the stack countered at the table
    undo | redo                     --paper: take back a move / put it back
  auto attacks | auto blocks      hand the team's attacks or blocks to
                                  its bot seat; auto off takes them back
Put the player first where it matters (p2 cast ...). 'show p2' shows p2's hand.
A bot seat (--seat p2=planner) plays its own lands, spells and abilities."""

PAPER_HELP = """\
Horde Magic for paper players (--paper): cardcli runs the Horde; your cards stay at the table. Tell it what touches the Horde. Objects have ids (#17); names work too.
  adjust card p1 Serra Angel [x2]  a real card of yours onto the battlefield
  adjust token p1 "Soldier" 1/1 white [flying] [x3]
  attack #3 #5 | attack all        attack the Horde (it blocks by the text's rule), then pass
  block #21 with #3 [#4]           block the Horde's attackers, then pass
  adjust damage #12 3 | horde 5    damage to a creature, or to the Horde (it mills)
  adjust destroy #12 | exile #12 | bounce #12 | tap #12 | counter #12 +1/+1 [N]
  counter #31 | counter Bad Moon   counter a Horde spell on the stack
  choose #12 | p2 | table | done   answer the Horde's question (table: something not entered, applied by hand; then choose done)
  adjust life -3 | mill 4          the shared life, the Horde's library
  pass | pass turn                 pass; a pass also answers the Horde's question (by chance) and says done
  pass until combat | my turn      pass on until attackers are declared/our turn
  undo | redo                      take back the last command / put it back
  show #17 | show Zombie Giant | show graveyard horde | stops"""


def help_for(options: Options) -> str | None:
    return PAPER_HELP if options.get("paper") else None


GAME = Game(
    name="horde",
    summary="Horde Magic: 2-4 players share 40 life against an automated Horde deck",
    options=OPTIONS,
    show=show,
    move_note=move_note,
    bots=BOTS,
    new_state=new_state,
    seat_names=seat_names,
    rules_file=os.path.join(os.path.dirname(__file__), "RULES.md"),
    help_text=HELP,
    help_for=help_for,
    render=lambda state, seat, width: render(state.table, seat, width),
    areas=lambda state, seat, width: (
        render(state.table, seat, width, stack=False),
        render_stack(state.table, width),
    ),
    hint=HordeState.hint,
    default_bot="planner",
    score_label="life left",
    team_decisions=True,
    team_seats=SEATS,
    simulate_help=(
        "The Horde's balance report follows, for each player count (--players all: 2, 3 and "
        "4 on the same seeds): the players' win rate with its 95% interval, game length in "
        "turns, the life left when the players win, how they lose (life or library) and the "
        "Horde cards on the battlefield when they lost, ranked by the share of lost games. "
        "The default bot is planner."
    ),
    describe=describe,
    narrate=lambda state, events, width: narrate(
        events, describe, width, resolving_now(state.table)
    ),
    summarize=summarize,
    tally=HordeTally,
    prepare=prepare,
    variants=variants,
    terminal_start=stops.terminal_start,
    meta={"stops": stops.show},
    complete=completion.lines,
    undo_option="paper",  # undo and redo in a paper game (cardcli/engine/undo.py)
)
