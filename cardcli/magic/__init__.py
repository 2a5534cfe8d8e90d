"""A small Magic: The Gathering rules core, with no game variant in it.

The pieces, each in a module of its own:

* ``mana``: mana costs, pools and paying a cost from a pool and lands;
  ``costs``: a spell's cost with its changes, and the player's mana sources;
  ``convoke``: creatures tapped to pay for a spell (702.51).
* ``cards``: the printed card (``Proto``) read once from the card model;
  ``abilities``: an ability and its cost, ``keywords``: keywords written out as the
  abilities they stand for (annihilator, cycling).
* ``objects``: players, teams, game objects with ids (a fresh id on every zone
  change, rule 400.7); ``sources``: what a source of damage is, and protection.
* ``chars``: characteristics computed on read, in layers 4, 6 and 7a-c (613);
  ``counts``: the card model's amounts.
* ``board``: the state as data and what reads it (characteristics, amounts,
  opponents), the log's events, replacement hooks and the trigger queue;
  ``table``: a ``Board`` with the fixed points every change goes through (move,
  damage, life, draw, token, tap, counters), triggers indexed by event kind;
  ``damage``: the damage and life fixed points.
* ``targets``, ``casting``, ``activation``, ``triggers``, ``resolve``: the stack
  (601-608); ``effects``: what the card model's effect data does, ``reach``: what an effect
  reaches (targets, each, amounts, what an earlier effect did), ``effects_asking``: the
  effects that ask a player (sacrifice, discard, payments, searches),
  ``effects_library`` the ones that look at the top of a library (scry, surveil).
* ``combat``: attackers, blockers and combat damage by today's rules.
* ``sba``: state-based actions (704).
* ``flow``: steps, priority and the loop that runs until a decision is needed;
  ``actions``: what a player may do with priority; ``play``: what commands do.
* ``decisions`` and ``choices``: pending decisions as data, and asking for one
  (and the ``Casting`` a spell's choices are collected in).

A game variant (Horde, say) plugs in through ``variant.Variant``: which team is
automated and how it decides, which steps a team skips, extra winning rules.
"""
