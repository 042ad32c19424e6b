"""Every file xlbridge reads or writes, and nothing else: CSV tables on the stdlib csv module
(:mod:`.csv`), traveller, session and standings files, the handicap register with its history
and journal, USEBIO and PBN event files, and the comparison of a file's numbers with ours.
Each reader yields what :mod:`xlbridge.scoring` takes; every error names the file and line."""
