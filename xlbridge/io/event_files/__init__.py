"""Event files (USEBIO, PBN) as the program sees them: what a file holds, its lines turned into a
session and back, and the comparison with the producer's numbers."""
