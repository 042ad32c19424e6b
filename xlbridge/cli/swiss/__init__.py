"""``xlbridge swiss``: the next round's draw, and the standings of a Swiss or league workbook."""
