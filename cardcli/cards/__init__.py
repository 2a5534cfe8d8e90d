"""Card models shared by several games."""
