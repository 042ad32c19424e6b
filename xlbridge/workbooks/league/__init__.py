"""The league workbook: its builder, and its standings read back."""
