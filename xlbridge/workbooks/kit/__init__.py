"""What every workbook builder shares: layout, styles, formula snippets, cell references,
print set-up, data validation, the Ranking sheet, the IMP table and contract formulas."""
