"""One board scored: its frequency table, matchpoints, cross-IMPs, Butler datums, a whole traveller
with split scores."""
