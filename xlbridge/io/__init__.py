"""Reading and writing event files: USEBIO XML and PBN results (see :mod:`.results`)."""
