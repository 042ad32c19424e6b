"""The printable results pack of a pairs session: ranking, travellers and personal score cards."""
