"""The kit every workbook builder shares: layout, styles, formula snippets, references, print set-up, validation."""
