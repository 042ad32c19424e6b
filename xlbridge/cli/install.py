"""``xlbridge install``: set the Excel functions up in an xlwings runtime (the classic
add-in, xlwings Lite or xlwings Server); the work is :mod:`xlbridge.excel.install`'s."""

from __future__ import annotations

import argparse
from pathlib import Path

from xlbridge.cli import summary
from xlbridge.cli.common import Commands
from xlbridge.errors import InputError


def add_install_parser(commands: Commands) -> None:
    """Register ``xlbridge install``."""
    install = commands.add_parser(
        "install",
        help="set the Excel functions up in an xlwings runtime",
        description="Set xlbridge's Excel functions up: the classic Windows add-in, xlwings "
        "Lite (Excel on Windows, Mac and the web) or a self-hosted xlwings Server. See "
        "install/README.md.",
    )
    runtime = install.add_mutually_exclusive_group(required=True)
    runtime.add_argument("--classic", action="store_true", help="classic add-in (Windows)")
    runtime.add_argument("--lite", type=Path, metavar="DIR", help="write Lite's main.py here")
    runtime.add_argument("--server", type=Path, metavar="DIR", help="write Server files here")
    install.add_argument(
        "--wheel-url",
        metavar="URL",
        help="Lite or Server: the https address of the xlbridge wheel (no default)",
    )
    install.add_argument(
        "--wheel", type=Path, metavar="FILE", help="Server: a local xlbridge .whl file (no default)"
    )
    install.add_argument("--force", action="store_true", help="overwrite existing files")
    install.set_defaults(run=run_install)


def run_install(args: argparse.Namespace) -> int:
    from xlbridge.excel import install

    if args.wheel_url is not None and args.lite is None and args.server is None:
        raise InputError("--wheel-url goes with --lite or --server")
    if args.wheel is not None and args.server is None:
        raise InputError("--wheel goes with --server")
    if args.lite is not None:
        written = install.install_lite(args.lite, args.wheel_url, force=args.force)
    elif args.server is not None:
        written = install.install_server(
            args.server, force=args.force, wheel_url=args.wheel_url, wheel=args.wheel
        )
    else:
        written = install.install_classic()
    print(written.next_steps)
    print(summary.written(written.files))  # the files last: the summary line
    return 0
