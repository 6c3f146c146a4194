"""`landlords serve`: the game server, played over SSH."""

from __future__ import annotations

import argparse
import asyncio
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cli import arguments, commands
from translation import N_, _

if TYPE_CHECKING:
    from server.base.config import Limits

port = arguments.whole(0, 65535)


def store_url(text: str) -> str:
    """Parse `--store` (an argparse `type`): a PostgreSQL URL (never echoed: it may contain a password)."""
    if not text.startswith(("postgresql://", "postgres://")):
        raise argparse.ArgumentTypeError(_("give a PostgreSQL URL: postgresql://user@host:port/database"))

    return text


def register(sub: Any) -> None:
    p = commands.parser(
        sub,
        "serve",
        description=_(
            "Serve landlords over SSH: people connect with ssh -p PORT host (any key; no account), "
            "meet in a lobby and play together, each from their own terminal."
        ),
    )
    p.add_argument(
        "--host",
        metavar=_("HOST"),
        default="127.0.0.1",
        help=_("the address to listen on (default 127.0.0.1)"),
    )
    p.add_argument(
        "--port",
        metavar=_("PORT"),
        type=port,
        default=2222,
        help=_("the port to listen on (default 2222; 0 picks one)"),
    )
    p.add_argument(
        "--authorized-keys",
        metavar=_("AUTHORIZED_KEYS"),
        type=Path,
        default=None,
        help=_("only the keys in this file may connect"),
    )
    p.add_argument(
        "--saves-dir",
        metavar=_("SAVES_DIR"),
        type=Path,
        default=argparse.SUPPRESS,
        help=_("where the rooms' games are saved (default: the saves folder in the data folder)"),
    )
    p.add_argument(
        "--data-dir",
        metavar=_("DATA_DIR"),
        type=Path,
        default=None,
        help=_("the server's own files: host key, players, rooms"),
    )
    p.add_argument(
        "--connections",
        metavar=_("CONNECTIONS"),
        type=arguments.whole(1, 10_000),
        default=None,
        help=_("connections at once (default 250)"),
    )
    p.add_argument(
        "--per-address",
        metavar=_("PER_ADDRESS"),
        type=arguments.whole(1, 10_000),
        default=None,
        help=_("from one address at once (default 8)"),
    )
    p.add_argument(
        "--rooms",
        metavar=_("ROOMS"),
        type=arguments.whole(1, 100_000),
        default=None,
        help=_("rooms the server may have in all, live and turn-based, on every host (default 200)"),
    )
    p.add_argument(
        "--over-room-kept",
        metavar=_("SECONDS"),
        type=arguments.whole(0, 366 * 86_400),
        default=None,
        help=_("how long a room whose game is over stays in the lobby once nobody is at it (default 3600)"),
    )
    p.add_argument(
        "--workers",
        metavar=_("WORKERS"),
        type=arguments.whole(1, 256),
        default=None,
        help=_("processes that hold the rooms and run the sessions (default: one per core)"),
    )
    p.add_argument(
        "--proxy-from",
        type=_networks,
        default=(),
        metavar=_("ADDRESSES"),
        help=_(
            "behind a TCP balancer: the balancers' addresses or networks (comma-separated), whose "
            "PROXY protocol headers (versions 1 and 2) give each player's own address"
        ),
    )
    p.add_argument(
        "--store",
        type=store_url,
        default=None,
        metavar=_("URL"),
        help=_(
            "keep the people, ratings, past games and lobby chat in PostgreSQL "
            "(postgresql://user@host:port/db; needs pip install 'landlords[postgres]'), which several hosts "
            "can share (default: SQLite in the data folder)"
        ),
    )
    p.add_argument(
        "--host-key",
        type=Path,
        default=None,
        metavar=_("FILE"),
        help=_(
            "the server's host key (made there if missing); give every host of a server the same file, "
            "so that players see one server (default: host_ed25519 in the data folder)"
        ),
    )
    p.add_argument(
        "--relay",
        default=None,
        metavar=_("HOST:PORT"),
        help=_(
            "one host of several sharing the --store database: where this host listens for the others "
            "(a private address they reach); a person is carried to the host holding their room"
        ),
    )
    p.add_argument(
        "--relay-secret",
        type=Path,
        default=None,
        metavar=_("FILE"),
        help=_(
            "with --relay: a file holding the secret every host of the server is given (16 bytes at least)"
        ),
    )
    p.add_argument(
        "--host-name",
        default=None,
        metavar=_("NAME"),
        help=_("with --relay: this host's name (default: machine:port)"),
    )
    p.add_argument(
        "--lease",
        type=arguments.whole(LEASE_LEAST, 300),
        default=10,
        metavar=_("SECONDS"),
        help=_(
            "with --relay: how long a host holds its rooms unrenewed; a dead host's rooms wait so long "
            "(default 10)"
        ),
    )
    p.add_argument(
        "--smtp",
        type=_smtp_server,
        default=None,
        metavar=_("HOST:PORT"),
        help=_(
            "send word by e-mail when a room waits on a person who asked for it, through this SMTP server "
            "(default: no mail)"
        ),
    )
    p.add_argument(
        "--smtp-from",
        default=None,
        metavar=_("ADDRESS"),
        help=_("with --smtp: the letters' sender address (default: landlords@ this machine's name)"),
    )
    p.add_argument(
        "--smtp-starttls",
        action="store_true",
        help=_("with --smtp: begin TLS with STARTTLS before logging in or sending"),
    )
    p.add_argument(
        "--smtp-user",
        default=None,
        metavar=_("NAME"),
        help=_(
            "with --smtp: log in as this user; the password is read from --smtp-password-file, else from "
            "the environment variable LANDLORDS_SMTP_PASSWORD"
        ),
    )
    p.add_argument(
        "--smtp-password-file",
        type=Path,
        default=None,
        metavar=_("FILE"),
        help=_("with --smtp-user: a file holding the password (readable by the server's user alone)"),
    )
    p.add_argument(
        "--test-clock",
        action="store_true",
        help=_(
            "for trying a turn-based room out by hand, never for real play: the tables' clock may be moved "
            "on from another shell with landlords clock --data-dir DIR advance 25h"
        ),
    )
    p.add_argument(
        "--no-ratings",
        dest="ratings",
        action="store_false",
        help=_("keep no ratings: no database, no ratings in the lobby, no players' list"),
    )
    p.set_defaults(run=run)


def _smtp_server(text: str) -> str:
    """Parse `--smtp HOST:PORT` (an argparse `type`)."""
    host, colon, number = text.strip().rpartition(":")
    if not colon or not host or not number.isdigit() or not 0 < int(number) < 65536:
        raise argparse.ArgumentTypeError(_("give the SMTP server as HOST:PORT, for example localhost:25"))
    return f"{host.strip('[]')}:{int(number)}"


def _smtp_password(args: argparse.Namespace) -> str | None:
    """Read the SMTP login's password: from `--smtp-password-file`, else `LANDLORDS_SMTP_PASSWORD`, never from
    the command line (any user of the machine sees a process's arguments). `OSError` when the file cannot
    be read."""
    path: Path | None = args.smtp_password_file
    if path is not None:
        return path.read_text(encoding="utf-8").strip("\r\n")
    return os.environ.get(PASSWORD_VARIABLE)


PASSWORD_VARIABLE = "LANDLORDS_SMTP_PASSWORD"
LEASE_LEAST = 3
"""The shortest lease a host may ask for, in seconds: it renews its leases every second
(`server.network.hosts.TICK`), so a shorter one would lose its rooms to a slow round."""


def _networks(text: str) -> tuple[str, ...]:
    """Parse the load balancers' addresses, here so that a typing error is reported before anything starts."""
    from server.network.proxy import ProxyError, trusted_networks

    try:
        return tuple(str(net) for net in trusted_networks(text))
    except ProxyError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def run(args: argparse.Namespace) -> int:
    from dataclasses import replace

    from server.base.config import ServerConfig
    from server.base.logs import configure_logging
    from server.network.main import serve
    from server.network.peers import PeerError
    from server.people.store import StoreError

    keys = args.authorized_keys
    if keys is not None and not keys.is_file():
        print(_("landlords serve: no such file: {path}", path=keys))

        return 2
    config = ServerConfig(
        host=args.host,
        port=args.port,
        authorized_keys=keys,
        saves_dir=getattr(args, "saves_dir", None),
        data_dir=args.data_dir,
        workers=args.workers or os.cpu_count() or 1,
        ratings=args.ratings,
        proxy_from=args.proxy_from,
        store=args.store,
        host_key=args.host_key,
        host_name=args.host_name,
        relay=args.relay,
        relay_secret=args.relay_secret,
        lease=float(args.lease),
        test_clock=args.test_clock,
    )
    if args.smtp is not None:
        import socket

        try:
            password = _smtp_password(args)
        except OSError as exc:
            print(
                _("landlords serve: the SMTP password cannot be read: {problem}", problem=exc.strerror or exc)
            )
            return 2
        if args.smtp_user and password is None:
            print(
                _(
                    "landlords serve: --smtp-user needs a password: --smtp-password-file FILE, or {variable}",
                    variable=PASSWORD_VARIABLE,
                )
            )
            return 2
        from server.people.addresses import AddressError, check_address

        try:
            sender = check_address(args.smtp_from or f"landlords@{socket.getfqdn()}")
        except AddressError as exc:
            print(_("landlords serve: --smtp-from: {problem}", problem=exc))
            return 2
        config = replace(
            config,
            smtp=args.smtp,
            smtp_from=sender,
            smtp_starttls=args.smtp_starttls,
            smtp_user=args.smtp_user,
            smtp_password_file=args.smtp_password_file,
            smtp_password=password,
        )
    elif args.smtp_user or args.smtp_from or args.smtp_starttls or args.smtp_password_file:
        print(_("landlords serve: the --smtp-... options need --smtp HOST:PORT"))
        return 2
    if args.relay is not None and (args.store is None or args.relay_secret is None):
        print("landlords serve: --relay needs --store postgresql://... and --relay-secret FILE")
        return 2
    refusals = (
        (config.folder, N_("landlords serve: the data folder {path} cannot be used: {problem}")),
        (config.saves, N_("landlords serve: the saves folder {path} cannot be used: {problem}")),
    )
    for folder, refusal in refusals:
        problem = _unusable(folder)
        if problem is not None:
            print(_(refusal, path=folder, problem=problem))
            return 2
    config = replace(config, limits=limits_of(args))
    configure_logging()
    try:
        return asyncio.run(serve(config))
    except (OSError, StoreError, PeerError) as exc:
        print(f"landlords serve: {exc}")
        return 1


def limits_of(args: argparse.Namespace) -> Limits:
    """Return the limits the options change (`--connections`, `--per-address`, `--rooms`,
    `--over-room-kept`), the rest as by default."""
    from server.base.config import Limits

    chosen = {
        "connections": args.connections,
        "per_address": args.per_address,
        "rooms": args.rooms,
        "over_room_kept": None if args.over_room_kept is None else float(args.over_room_kept),
    }
    return Limits(**{name: value for name, value in chosen.items() if value is not None})


def _unusable(folder: Path) -> str | None:
    """Return a short reason why a folder cannot hold the server's files; None when it is there
    (made if missing) and can be written in."""
    if folder.exists() and not folder.is_dir():
        return _("it is a file.")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        return f"{exc.strerror or exc}."
    if not os.access(folder, os.W_OK | os.X_OK):
        return _("it cannot be written in.")
    return None
