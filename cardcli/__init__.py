"""cardcli: a scriptable, deterministic engine for four card games."""

__version__ = "0.2.0"
