"""xlbridge: duplicate-bridge scoring for the spreadsheet."""

__version__ = "0.1.0"
