"""The Excel functions (xlwings) and their set-up in each xlwings runtime."""
