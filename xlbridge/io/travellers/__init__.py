"""Traveller files: the session's traveller CSV (xlbridge session) and the board-results CSV
(xlbridge score)."""
