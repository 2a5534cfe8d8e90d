"""How each Magic card plays in Hunsberger's Solitaire, read from its data.

A card's ``Profile`` says what it does on this plane: a land makes one mana, a
creature attacks for its power, an offensive spell deals damage, a mana
artifact or ritual makes mana, a pump or an aura adds power, an anthem adds
power to every summoned creature, recursion brings a card back from the
graveyard. Everything else is ``unusable``. The profile comes from the card's
behaviour data (``spell`` and ``abilities``) unless the card carries its own
``hunsberger`` entry (``schemas/card.schema.json``), which then wins. Cards are
never recognised by name.

This module only reads card data: ``cardcli deck validate --format hunsberger``
and ``deck show`` use it as the game does.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from cardcli.cards.mtg.model import Card, fixed_number, mana_symbols
from cardcli.games.hunsberger.effects import (
    attacking_tokens,
    harm_amount,
    is_removal,
    mana_amount,
    plain_filter,
    self_pump,
    spell_harm,
    whole_number,
)

KINDS = (
    "land",
    "creature",
    "damage",
    "mana-paid",
    "mana",
    "pump",
    "aura",
    "anthem",
    "tokens",
    "recursion",
    "ability",
    "equipment",
    "unusable",
)


@dataclass(frozen=True)
class Anthem:
    """A static power bonus to summoned creatures (an anthem or a lord)."""

    power: int
    filter: dict[str, Any] = field(default_factory=dict)
    other: bool = False  # not the card itself


@dataclass(frozen=True)
class Profile:
    """What a card does in this game. ``kind`` is one of ``KINDS``."""

    kind: str
    amount: int = (
        0  # creature: power; damage: printed amount; mana: mana made; pump/aura/anthem: power
    )
    x: bool = False  # damage X (or mana paid for X)
    count: dict[str, Any] | None = None  # damage equal to a count of cards out
    per_mana: int = 0  # creature: +1 damage for each this much mana (its own pump ability)
    double_strike: bool = False
    attack_bonus: int = 0  # creature: more damage when it attacks (a trigger)
    enters_damage: int = 0  # damage as it enters (creature or artifact)
    tokens: int = 0  # total power of the attacking tokens it makes (as it enters, or as a spell)
    tokens_data: tuple[dict[str, Any], ...] = ()  # one entry per token, for anthems
    each: bool = False  # pump: every summoned creature rather than one target
    enters_tapped: bool = False  # mana artifact: makes no mana the turn it is cast
    tap_cost: int = 0  # mana artifact: mana paid to tap it (a Signet)
    recurs: tuple[str, ...] = ()  # recursion: card types it can bring back (empty: any card)
    recurs_max_mana_value: int | None = None
    returns: str = "hand"  # recursion: "hand", "attack" (summoned at once) or "all" (every match)
    anthems: tuple[Anthem, ...] = ()  # anthem and lord statics (the anthem kind, and creatures)
    colour: frozenset[str] = frozenset()  # a land's mana colours: lands stack by these
    # An artifact's damage ability ("{3}, {T}: Rod of Ruin deals 1 damage to any target"):
    ability_damage: int = 0  # the damage it deals each time it is activated
    ability_cost: int = 0  # the mana it costs (colourless, as every mana here)
    ability_tap: bool = False  # it taps the artifact: once a turn
    ability_sacrifice: bool = False  # it sacrifices the artifact: once
    equip_cost: int = 0  # an Equipment: the mana to attach it to a summoned creature
    note: str = ""  # why a card is unusable, or how its data was read
    explicit: bool = False  # from the card's own 'hunsberger' entry

    def tag(self, card: Card) -> str:
        """The short phrase ``deck validate`` and the board show: 'creature 3', 'mana +2'..."""
        return describe(self, card)


def cost_of(card: Card) -> int:
    """The generic mana a card costs here (X counted as 0): every mana is colourless.

    A coloured or hybrid symbol is one mana, a 2/W symbol one (its coloured half),
    a Phyrexian symbol one (there is no life to pay with).

    >>> from cardcli.cards.mtg.model import Card
    >>> cost_of(Card("a", "{2}{B}{B}", ("Sorcery",), "")), cost_of(Card("b", "{X}{R}", ("Sorcery",), ""))
    (4, 1)
    >>> cost_of(Card("c", "{2/W}{2/W}{B/P}", ("Sorcery",), ""))
    3
    """
    total = 0
    for symbol in mana_symbols(card.mana_cost):
        if symbol.isdigit():
            total += int(symbol)
        elif symbol in ("X", "Y", "Z"):
            continue
        else:
            total += 1
    return total


SPELL_DAMAGE = ("mana-used", "printed", "mana")
"""``--spell-damage``: the readings of "damage equal to the amount of mana you used"."""


def as_played(p: Profile, card: Card, spell_damage: str) -> Profile:
    """The profile a game plays by under ``--spell-damage``.

    ``mana-used`` (the text's sentence): an offensive instant or sorcery deals
    the mana used to cast it, whatever it prints; an X spell deals its X (the
    text's Disintegrate, cast with three lands, does two). ``printed`` and
    ``mana`` (older logs) keep the card's profile; casting reads them.
    """
    spell = card.is_type("Instant") or card.is_type("Sorcery")
    if spell_damage != "mana-used" or not spell or p.kind != "damage" or p.x:
        return p
    return replace(p, kind="mana-paid", amount=0, count=None)


def has_x(card: Card) -> bool:
    return "X" in mana_symbols(card.mana_cost)


def profile(card: Card) -> Profile:
    """The card's profile: its own ``hunsberger`` entry, else read from its behaviour."""
    if not card.mana_cost and not card.is_land:
        # 118.6: an object with no mana cost cannot be cast (nor a Horde token card, which
        # only the Horde's own rules cast for free): it is no free creature here.
        what = "a Horde token card" if card.token else "it"
        return _unusable(f"{what} has no mana cost, so it cannot be cast (rule 118.6)")
    if card.hunsberger is not None:
        return _explicit(card, card.hunsberger)
    return _derived(card)


# -- explicit data ---------------------------------------------------------------


def _explicit(card: Card, data: dict[str, Any]) -> Profile:
    """The card's own entry, over what its behaviour says (for the fields it leaves out)."""
    base = _derived(card)
    kind = str(data.get("score", base.kind))
    if kind not in KINDS:  # the card schema allows none of these; a hand-made entry might
        return _unusable(f"its Hunsberger data has an unknown score {kind!r}")
    same = base.kind == kind
    amount = data.get("amount", base.amount if same else 0)
    x = amount == "X" or (same and base.x and "amount" not in data)
    number = 0 if amount == "X" else int(amount)

    def pick(name: str, default: Any) -> Any:
        return data.get(name, getattr(base, name) if same else default)

    tokens_data = base.tokens_data if same else ()
    if kind == "tokens" and not tokens_data:
        # One token standing for all the power the entry gives.
        tokens_data = ({"name": f"{card.name} token", "types": ["Creature"], "power": str(number)},)
    enters = int(pick("enters_damage", 0))
    spell = card.is_type("Instant") or card.is_type("Sorcery")
    if not spell and kind in ("damage", "mana-paid") and not enters:
        # A permanent deals its damage as it enters.
        enters = number if kind == "damage" else cost_of(card)
        kind = "damage"
    return Profile(
        "land" if card.is_land else kind,
        amount=number,
        x=x,
        count=base.count if same and "amount" not in data else None,
        per_mana=int(pick("per_mana", 0)),
        double_strike=bool(pick("double_strike", False)),
        attack_bonus=int(pick("attack_bonus", 0)),
        enters_damage=enters,
        tokens=number if kind == "tokens" else (base.tokens if same else 0),
        tokens_data=tokens_data,
        each=bool(pick("each", False)),
        enters_tapped=bool(pick("enters_tapped", False)),
        tap_cost=int(pick("tap_cost", 0)),
        recurs=tuple(pick("recurs", ())),
        recurs_max_mana_value=base.recurs_max_mana_value if same else None,
        returns=str(pick("returns", "hand")),
        anthems=(Anthem(number),) if kind == "anthem" else (base.anthems if same else ()),
        colour=frozenset(card.produces),
        note=str(data.get("note", "")),
        explicit=True,
    )


# -- read from behaviour -----------------------------------------------------------


def _unusable(why: str) -> Profile:
    return Profile("unusable", note=why)


def _derived(card: Card) -> Profile:
    if card.is_land:
        return Profile("land", amount=1 if card.produces else 0, colour=frozenset(card.produces))
    if card.is_creature:
        return _creature(card)
    if card.is_type("Instant") or card.is_type("Sorcery"):
        if card.manual:
            return _unusable("its text is played by hand (manual) and it has no Hunsberger data")
        return _spell(card)
    if card.is_type("Artifact"):
        return _artifact(card)
    if card.is_type("Enchantment"):
        return _enchantment(card)
    kinds = "/".join(card.types).lower()
    return _unusable(f"a {kinds}: this plane has no use for it")


def _creature(card: Card) -> Profile:
    power = whole_number(card.power)
    count: dict[str, Any] | None = None
    for ability in card.abilities:
        if ability.get("static") == "cda" and isinstance(ability.get("power"), dict):
            count = ability["power"]
    if "Defender" in card.keywords or any(a.get("static") == "cant_attack" for a in card.abilities):
        return _unusable("it cannot attack, so it deals no damage")
    per_mana = attack_bonus = enters = 0
    tokens: list[dict[str, Any]] = []
    anthems: list[Anthem] = []
    for ability in card.abilities:
        effects = ability.get("effects", ())
        if ability.get("activated"):
            cost = ability.get("cost", {})
            pump = self_pump(effects)
            mana = mana_amount(str(cost.get("mana", "")))
            # {B}: +1/+1 until end of turn: one damage more for each {B}.
            if pump == 1 and mana and not cost.get("tap") and not cost.get("sacrifice"):
                per_mana = mana if per_mana == 0 else min(per_mana, mana)
        elif ability.get("when") == "attacks":
            attack_bonus += self_pump(effects) + harm_amount(effects)
        elif ability.get("when") == "enters":
            enters += harm_amount(effects)
            tokens.extend(attacking_tokens(effects))
        elif ability.get("static") == "anthem" and ability.get("controller", "you") != "opponents":
            bonus = ability.get("power", 0)
            if isinstance(bonus, int) and bonus > 0:
                affects = plain_filter(ability.get("affects", {}))
                anthems.append(Anthem(bonus, affects, bool(affects.pop("other", False))))
    token_power = sum(whole_number(t.get("power")) for t in tokens)
    return Profile(
        "creature",
        amount=power,
        count=count,
        per_mana=per_mana,
        double_strike="Double strike" in card.keywords,
        attack_bonus=attack_bonus,
        enters_damage=enters,
        tokens=token_power,
        tokens_data=tuple(tokens),
        anthems=tuple(anthems),
        note="its other text is played by hand in Magic; here it only attacks"
        if card.manual
        else "",
    )


def _spell(card: Card) -> Profile:
    effects = list(card.spell)
    mana = sum(mana_amount(str(e.get("mana", ""))) for e in effects if e.get("do") == "add_mana")
    if mana:
        return Profile("mana", amount=mana)
    damage, x, count = spell_harm(effects)
    removal = any(is_removal(e) for e in effects)
    if damage is not None or x or count is not None:
        return Profile("damage", amount=damage or 0, x=x, count=count)
    if removal:
        return Profile("mana-paid")
    for effect in effects:
        if effect.get("do") == "pump" and fixed_number(effect.get("power", 0)) > 0:
            each = effect.get("each") in ("each_creature_you_control", "each_creature")
            target = effect.get("target") in ("creature", "creature_you_control")
            if each or target:
                return Profile("pump", amount=fixed_number(effect["power"]), each=each)
    for effect in effects:
        if effect.get("do") in ("return_to_hand", "return_to_battlefield") and effect.get(
            "from"
        ) in ("graveyard", "your_graveyard"):
            return _recursion(effect)
    tokens = attacking_tokens(effects)
    if any(e.get("do") == "create_token" for e in effects) and not tokens:
        return _unusable("its tokens cannot attack (they enter tapped or have no power)")
    if tokens:
        power = sum(whole_number(t.get("power")) for t in tokens)
        if power <= 0:
            return _unusable("its tokens cannot attack (they enter tapped or have no power)")
        return Profile("tokens", tokens=power, tokens_data=tuple(tokens))
    return _unusable(_why_not(effects))


def _artifact(card: Card) -> Profile:
    if card.manual:
        return _unusable("its text is played by hand (manual) and it has no Hunsberger data")
    mana = tap_cost = 0
    for ability in card.abilities:
        if not ability.get("activated"):
            continue
        cost = ability.get("cost", {})
        for effect in ability.get("effects", ()):
            if effect.get("do") == "add_mana" and cost.get("tap") and not cost.get("sacrifice"):
                made = mana_amount(str(effect.get("mana", "")))
                paid = mana_amount(str(cost.get("mana", "")))
                if made - paid > mana - tap_cost:
                    mana, tap_cost = made, paid
    if not mana and card.produces:
        mana = 1  # "{T}: Add one mana of any color."
    enters_tapped = any(
        a.get("when") == "enters"
        and any(e.get("do") == "tap" and e.get("each") == "it" for e in a.get("effects", ()))
        for a in card.abilities
    )
    enters = sum(
        harm_amount(a.get("effects", ())) for a in card.abilities if a.get("when") == "enters"
    )
    ability = _damage_ability(card)
    if mana:
        return Profile(
            "mana",
            amount=mana,
            tap_cost=tap_cost,
            enters_tapped=enters_tapped,
            enters_damage=enters,
            **ability,
        )
    if ability:
        return Profile("ability", enters_damage=enters, enters_tapped=enters_tapped, **ability)
    if enters:
        return Profile("damage", amount=0, enters_damage=enters)
    if "Equipment" in card.subtypes:
        return _equipment(card)
    return _unusable("an artifact that makes no mana, has no damage ability and gives no power")


_ABILITY_COSTS = {"mana", "tap", "sacrifice"}


def _damage_ability(card: Card) -> dict[str, Any]:
    """The artifact's best damage ability, as Profile fields (empty: none it can use here).

    "do damage with spells, artifacts, ...": an activated ability that deals damage
    (or makes a player lose life) to something else, whose cost is only mana, tapping
    the artifact and sacrificing it. Its mana is colourless, as all mana here.
    """
    best: dict[str, Any] = {}
    for ability in card.abilities:
        if not ability.get("activated") or ability.get("zone", "battlefield") != "battlefield":
            continue
        cost = ability.get("cost", {})
        if set(cost) - _ABILITY_COSTS or cost.get("sacrifice", "self") != "self":
            continue
        if "X" in mana_symbols(str(cost.get("mana", ""))):
            continue
        amount = harm_amount(ability.get("effects", ()))
        if amount <= 0:
            continue
        found = {
            "ability_damage": amount,
            "ability_cost": mana_amount(str(cost.get("mana", ""))),
            "ability_tap": bool(cost.get("tap")),
            "ability_sacrifice": cost.get("sacrifice") == "self",
        }
        if not (found["ability_cost"] or found["ability_tap"] or found["ability_sacrifice"]):
            continue  # free and without end: no card is printed so, and it would score forever
        if not best or amount > best["ability_damage"]:
            best = found
    return best


def _equipment(card: Card) -> Profile:
    """An Equipment: the power it gives, and its equip cost (the counterpart of an aura)."""
    power = 0
    for ability in card.abilities:
        bonus = ability.get("power", 0)
        if ability.get("static") == "attached" and isinstance(bonus, int):
            power = max(power, bonus)
    if power <= 0:
        return _unusable("an Equipment that gives no power adds no damage")
    if card.equip is None or "X" in mana_symbols(card.equip):
        return _unusable("an Equipment with no equip cost this game can pay")
    return Profile("equipment", amount=power, equip_cost=mana_amount(card.equip))


def _enchantment(card: Card) -> Profile:
    aura = "Aura" in card.subtypes
    for ability in card.abilities:
        static = ability.get("static")
        power = ability.get("power", 0)
        if not isinstance(power, int) or power <= 0:
            continue
        if aura and static == "attached":
            return Profile("aura", amount=power)
        if static == "anthem" and ability.get("controller", "you") != "opponents":
            affects = plain_filter(ability.get("affects", {}))
            if not set(affects.get("types", ["Creature"])) & {"Creature"}:
                continue
            affects.pop("other", None)
            affects.pop("types", None)
            return Profile("anthem", amount=power, anthems=(Anthem(power, affects),))
    if card.manual:
        return _unusable("its text is played by hand (manual) and it has no Hunsberger data")
    return _unusable("an enchantment that does not make your summoned creatures stronger")


def _recursion(effect: dict[str, Any]) -> Profile:
    target = effect.get("target")
    filt = effect.get("filter", {})
    types: tuple[str, ...] = tuple(filt.get("types", ()))
    if target == "creature_card_in_your_graveyard" or (
        effect.get("each") is not None and not types
    ):
        types = ("Creature",)
    if effect.get("do") == "return_to_battlefield":
        if "Creature" not in types:
            return _unusable("it returns a permanent that is not a creature to play")
        returns = "all" if target is None else "attack"
    else:
        returns = "hand"
    return Profile(
        "recursion",
        recurs=types,
        recurs_max_mana_value=filt.get("max_mana_value"),
        returns=returns,
    )


def _why_not(effects: list[dict[str, Any]]) -> str:
    kinds = {e.get("do") for e in effects}
    if "draw" in kinds:
        return "it draws cards: here the hand is dealt, never drawn"
    if "counter_spell" in kinds:
        return "it counters a spell: there is none to counter"
    if "bounce" in kinds:
        return "it returns a permanent to its owner's hand: that harms nothing"
    if "discard" in kinds:
        return "it makes a player discard: the enchantment has no hand"
    if "gain_life" in kinds:
        return "it gains life: life does not count here"
    if "sacrifice" in kinds:
        return "it makes players sacrifice: only your own creatures would go"
    return "it has no offensive capability"


# -- words ---------------------------------------------------------------------


def describe(p: Profile, card: Card) -> str:
    """'creature 3 (+1 per mana)', 'damage X', 'mana paid', 'mana +2 a turn'..."""
    if p.kind == "land":
        return "mana +1" if p.amount else "unusable: a land that makes no mana"
    if p.kind == "creature":
        extras = []
        if p.count is not None:
            extras.append("power counted when it attacks")
        if p.per_mana:
            extras.append(f"+1 per {p.per_mana} mana" if p.per_mana > 1 else "+1 per mana")
        if p.double_strike:
            extras.append("double strike")
        if p.attack_bonus:
            extras.append(f"+{p.attack_bonus} attacking")
        if p.enters_damage:
            extras.append(f"enters: {p.enters_damage} damage")
        if p.tokens:
            extras.append(f"tokens {p.tokens}")
        for anthem in p.anthems:
            who = "others" if anthem.other else "all"
            extras.append(f"{who} +{anthem.power}" + (" if they match" if anthem.filter else ""))
        return f"creature {p.amount}" + (f" ({', '.join(extras)})" if extras else "")
    if p.kind == "damage":
        if p.enters_damage and not p.x and p.count is None:
            return f"damage {p.enters_damage} (as it enters)"
        if p.x:
            return "damage X"
        if p.count is not None:
            return f"damage = {_count_words(p.count)}"
        return f"damage {p.amount}"
    if p.kind == "mana-paid":
        return "mana paid"
    if p.kind == "mana":
        if card.is_type("Instant") or card.is_type("Sorcery"):
            return f"mana +{p.amount}"
        extras = []
        if p.tap_cost:
            extras.append(f"pay {p.tap_cost} to tap")
        if p.enters_tapped:
            extras.append("enters tapped")
        if p.enters_damage:
            extras.append(f"enters: {p.enters_damage} damage")
        if p.ability_damage:
            extras.append("damage " + _ability_words(p))
        more = f" ({', '.join(extras)})" if extras else ""
        return f"mana +{p.amount} a turn in play{more}"
    if p.kind == "pump":
        return f"pump +{p.amount}" + (" each" if p.each else "")
    if p.kind == "aura":
        return f"aura +{p.amount}"
    if p.kind == "anthem":
        return f"anthem +{p.amount}"
    if p.kind == "tokens":
        return f"tokens {p.tokens}"
    if p.kind == "ability":
        return "damage " + _ability_words(p)
    if p.kind == "equipment":
        return f"equipment +{p.amount} (equip {p.equip_cost})"
    if p.kind == "recursion":
        kinds = " or ".join(t.lower() for t in p.recurs)
        if p.returns == "all":
            return f"recursion: every {kinds or 'creature'} card attacks"
        what = f"{'an' if kinds[:1] in 'aeiou' else 'a'} {kinds} card" if kinds else "any card"
        if p.returns == "attack":
            return f"recursion: {what} attacks"
        return f"recursion: {what} to the hand"
    return "unusable" + (f": {p.note}" if p.note else "")


def _ability_words(p: Profile) -> str:
    """'1 a turn in play (activate: 3)', '2 once in play (activate: 1, sacrificed)'."""
    cost = f"activate: {p.ability_cost}" + (", sacrificed" if p.ability_sacrifice else "")
    if p.ability_sacrifice:
        return f"{p.ability_damage} once in play ({cost})"
    if p.ability_tap:
        return f"{p.ability_damage} a turn in play ({cost})"
    return f"{p.ability_damage} each activation in play ({cost})"


def _count_words(count: dict[str, Any]) -> str:
    what = str(count.get("count", "cards")).replace("_", " ")
    filt = count.get("filter", {})
    if filt.get("subtypes"):
        what = "/".join(filt["subtypes"]) + "s"
    times = count.get("times")
    return f"{what} out" + (f" x{times}" if times else "")
