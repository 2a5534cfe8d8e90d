"""Phrases the compiler reads into the card model: reveal lands, cost changes, entry choices,
"sacrifices all", "instead if", counts of total power, domain and opponents' graveyards."""

from __future__ import annotations

from typing import Any

from cardcli.cards.mtg.compiler import compile_card


def _compiled(oracle: str, types: tuple[str, ...] = ("Creature",), name: str = "Test Card") -> Any:
    found = compile_card({"name": name, "types": list(types), "oracle": oracle})
    assert not found.unread, found.unread
    return found.behaviour


def test_a_reveal_land_enters_untapped_while_its_controller_holds_such_a_card() -> None:
    text = (
        "As this land enters, you may reveal a Plains or Island card from your hand. "
        "If you don't, this land enters tapped."
    )
    (rule,) = _compiled(text, ("Land",))["abilities"]
    assert rule["replacement"] == "enters_tapped"
    assert rule["unless"] == {
        "amount": {"count": "cards_in_hand", "controller": "you",
                   "filter": {"subtypes": ["Plains", "Island"]}},
        "at_least": 1,
    }  # fmt: skip


def test_cost_changes_of_spells_by_power_by_count_and_for_opponents() -> None:
    (goreclaw,) = _compiled(
        "Creature spells you cast with power 4 or greater cost {2} less to cast."
    )["abilities"]
    assert goreclaw["affects"] == {"min_power": 4, "types": ["Creature"]}
    assert goreclaw["cost_delta"] == -2
    (silence,) = _compiled(
        "Artifact and enchantment spells your opponents cast cost {2} more to cast.",
        ("Enchantment",),
    )["abilities"]
    assert silence["controller"] == "opponents"
    assert silence["affects"] == {"types": ["Artifact", "Enchantment"]}
    (animar,) = _compiled(
        "Creature spells you cast cost {1} less to cast for each +1/+1 counter on Test Card."
    )["abilities"]
    assert animar["per"] == {"count": "counters_on_self", "counter": "+1/+1"}


def test_affinity_and_domain_and_total_power() -> None:
    (affinity,) = _compiled("Affinity for artifacts", ("Artifact", "Creature"))["abilities"]
    assert affinity["itself"] and affinity["per"]["filter"] == {"types": ["Artifact"]}
    (domain,) = _compiled(
        "This spell costs {2} less to cast for each basic land type among lands you control."
    )["abilities"]
    assert domain["per"] == {"count": "basic_land_types", "controller": "you"}
    (ghalta,) = _compiled(
        "This spell costs {X} less to cast, where X is the total power of creatures you control."
    )["abilities"]
    assert ghalta["per"] == {"count": "total_power", "controller": "you"}


def test_entry_choices_and_what_reads_them() -> None:
    tapped, choice, mana = _compiled(
        "This land enters tapped. As it enters, choose a color other than green.\n"
        "{T}: Add {G} or one mana of the chosen color.",
        ("Land",),
    )["abilities"]
    assert tapped["replacement"] == "enters_tapped"
    assert choice["chooses"] == "color" and choice["except_colors"] == ["G"]
    assert mana["effects"] == [{"do": "add_mana", "mana": "{G}", "or_chosen_color": True}]
    _, is_type, anthem = _compiled(
        "As this creature enters, choose a creature type.\n"
        "This creature is the chosen type in addition to its other types.\n"
        "Other creatures you control of the chosen type get +1/+1."
    )["abilities"]
    assert is_type["static"] == "is_chosen_type"
    assert anthem["affects"]["chosen_type"] is True


def test_each_player_sacrifices_all_coloured_permanents() -> None:
    (effect,) = _compiled(
        "Each player sacrifices all permanents they control that are one or more colors.",
        ("Sorcery",),
    )["spell"]
    assert effect["all"] is True and effect["each"] == "each_player"
    assert effect["filter"] == {"colors": ["W", "U", "B", "R", "G"]}


def test_instead_if_a_condition_holds() -> None:
    plain, threshold = _compiled(
        "Create two 2/2 green Bear creature tokens.\n"
        "Threshold — Create four 2/2 green Bear creature tokens instead if there are seven or "
        "more cards in your graveyard.",
        ("Sorcery",),
    )["spell"]
    assert "instead" not in plain and plain["amount"] == 2
    assert threshold["amount"] == 4
    assert threshold["instead"] == {
        "amount": {"count": "cards_in_graveyard", "controller": "you"},
        "at_least": 7,
    }


def test_an_unreadable_condition_leaves_the_line_unread() -> None:
    found = compile_card(
        {
            "name": "Test Card",
            "types": ["Instant"],
            "oracle": "Target player gains 4 life.\nLandfall — If you had a land enter the "
            "battlefield under your control this turn, that player gains 8 life instead.",
        }
    )
    assert found.status == "partial"


def test_counts_in_opponents_graveyards() -> None:
    (anthem,) = _compiled(
        "This creature gets +1/+1 for each creature card in your opponents' graveyards."
    )["abilities"]
    assert anthem["power"] == {"count": "creature_cards_in_graveyard", "controller": "opponents"}


def test_keywords_separated_by_a_semicolon_and_other_than_this_creature() -> None:
    reaver = compile_card(
        {"name": "Test Card", "types": ["Creature"], "oracle": "Haste; fear",
         "keywords": ["Haste", "Fear"]}
    )  # fmt: skip
    assert reaver.status == "automated"
    (ability,) = _compiled(
        "Whenever this creature attacks, Dinosaurs you control other than this creature get "
        "+1/+1 and gain flying until end of turn."
    )["abilities"]
    (pump,) = ability["effects"]
    assert pump["each"] == "each_other_creature_you_control"
    assert pump["filter"] == {"subtypes": ["Dinosaur"]}


def test_also_adds_nothing_to_what_a_sentence_does() -> None:
    _, also = _compiled(
        "Creatures you control get +2/+0 until end of turn. Colorless creatures you control "
        "also gain first strike until end of turn.",
        ("Instant",),
    )["spell"]
    assert also["keywords"] == ["First strike"]
    assert also["filter"] == {"not_colors": ["W", "U", "B", "R", "G"]}
