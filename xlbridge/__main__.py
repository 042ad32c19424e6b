"""``python -m xlbridge`` runs the command line."""

from xlbridge.cli import main

raise SystemExit(main())
