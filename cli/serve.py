"""`landlords serve`: the game server, played over SSH."""

from __future__ import annotations

import argparse
import asyncio
from pathlib import Path
from typing import Any

from cli import arguments

port = arguments.whole(0, 65535)


def register(sub: Any) -> None:
    p = sub.add_parser(
        "serve",
        help="serve games over SSH: ssh -p 2222 host",
        description="Serve landlords over SSH: people connect with ssh -p PORT host (any key; no account), "
        "meet in a lobby and play together, each from their own terminal.",
    )
    p.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1)")
    p.add_argument(
        "--port", type=port, default=2222, help="the port to listen on (default 2222; 0 picks one)"
    )
    p.add_argument(
        "--authorized-keys", type=Path, default=None, help="only the keys in this file may connect"
    )
    p.add_argument(
        "--saves-dir", type=Path, default=argparse.SUPPRESS, help="where the rooms' games are saved"
    )
    p.add_argument(
        "--data-dir", type=Path, default=None, help="the server's own files: host key, players, rooms"
    )
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from server.config import ServerConfig
    from server.main import configure_logging, serve

    keys = args.authorized_keys
    if keys is not None and not keys.is_file():
        print(f"landlords serve: no such file: {keys}")
        return 2
    config = ServerConfig(
        host=args.host,
        port=args.port,
        authorized_keys=keys,
        saves_dir=getattr(args, "saves_dir", None),
        data_dir=args.data_dir,
    )
    configure_logging()
    try:
        return asyncio.run(serve(config))
    except OSError as exc:
        print(f"landlords serve: {exc}")
        return 1
