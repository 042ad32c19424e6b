"""``python -m xlbridge`` runs the command line."""

from xlbridge.cli.main import main

raise SystemExit(main())
