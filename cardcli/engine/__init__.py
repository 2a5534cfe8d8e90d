"""The game-independent machinery: RNG, registry, sessions, logs, replay."""
