"""A small Magic: The Gathering rules core, with no game variant in it.

The pieces, each in a module of its own:

* ``mana``: mana costs, pools and paying a cost from a pool and lands.
* ``cards``: the printed card (``Proto``) read once from the card model.
* ``objects``: players, teams, game objects with ids (a fresh id on every zone
  change, rule 400.7).
* ``chars``: characteristics computed on read, in layers 4, 6 and 7a-c (613).
* ``table``: the state and the fixed points every change goes through (move,
  damage, life, draw, token, tap, counters), with replacement and prevention
  hooks, events, and triggers indexed by event kind.
* ``effects``: what the card model's effect data does when it resolves.
* ``stack``: casting, activating, targets, resolution.
* ``combat``: attackers, blockers and combat damage by today's rules.
* ``sba``: state-based actions (704).
* ``flow``: steps, priority and the loop that runs until a decision is needed.
* ``decisions``: pending decisions as data.

A game variant (Horde, say) plugs in through ``variant.Variant``: which team is
automated and how it decides, which steps a team skips, extra winning rules.
"""
