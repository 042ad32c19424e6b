"""PBN files: results (ScoreTable, TotalScoreTable) read and written, and deal files."""
