"""Magic: The Gathering cards: the card model, the card pool, decklists and their checks."""
