"""Pure numpy/scipy scoring core: no xlwings, no openpyxl, no I/O."""
