"""VP-scale workbooks: printable VP cards, the live card and the WBF discrete card on a sheet, and
the audit workbook."""
