"""cardcli: a scriptable, deterministic engine for four card games."""

__version__ = "0.4.0"
