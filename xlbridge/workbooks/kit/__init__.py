"""What every workbook builder shares: layout, styles, formula snippets, cell references,
values written as values, print set-up, data validation, the Ranking sheet, the IMP table and
contract formulas."""
