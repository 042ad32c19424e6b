"""CSV files as scorers keep them: tables read on the stdlib csv module, columns converted by numpy,
cells checked and written injection-safe."""
