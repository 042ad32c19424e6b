"""``xlbridge session``: the command, the pairs-session workbook it reads, event files (USEBIO, PBN)
and the results site."""
