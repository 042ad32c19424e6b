"""openpyxl builders of the ready-made workbooks."""
