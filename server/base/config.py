"""Server configuration, and the limits applied to untrusted connections."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import platformdirs


def default_data_dir() -> Path:
    """Return the default folder for the server's files (host key, players, rooms, the rooms' games)."""
    return platformdirs.user_data_path("landlords") / "server"


@dataclass(frozen=True)
class Limits:
    """Limits applied to every untrusted connection. The defaults suit a small public server."""

    connections: int = 250  # in all (200 people at tables, and room to come and go)
    per_address: int = 8  # from one address at once
    login_timeout: float = 30.0  # seconds to authenticate and begin a session (a shell or a room)
    keepalive_interval: float = 30.0  # seconds between keepalives ...
    keepalive_count: int = 4  # ... and how many may go unanswered
    idle_timeout: float = 1800.0  # seconds without a key before a session is closed
    rooms_per_player: int = 3  # open rooms a player may have made ...
    waiting_rooms_per_player: int = 1  # ... of which still waiting for players
    turn_based_rooms_per_player: int = 20  # turn-based rooms a player may sit at, made or joined (live apart)
    waiting_rooms: int = 50  # rooms waiting for players on the server in all (a part of `rooms`)
    waiting_room_idle: float = 120.0  # seconds a waiting room lasts with nobody waiting at it
    players: int = 10_000  # names kept (the oldest of a key with no seat goes first)
    seats_per_room: int = 6  # the most seats a room may have
    max_width: int = 250  # terminal sizes are clamped to these
    max_height: int = 100
    min_width: int = 20
    min_height: int = 8
    input_bytes_per_second: int = 1024  # input beyond this rate is dropped ...
    input_burst: int = 2048  # ... after a burst this big
    keys_per_second: int = 20  # keys and clicks beyond this rate wait their turn ...
    key_burst: int = 40  # ... after a burst this big (a paste is one), this many at most (then dropped)
    output_backlog: int = 4 * 1024 * 1024  # bytes unsent to a client before it is disconnected
    chat_max: int = 200  # characters in a chat line
    chat_kept: int = 100  # chat lines a room remembers
    lobby_chat_kept: int = 50  # chat lines the lobby remembers
    chat_lines: int = 3  # chat lines one session may say ...
    chat_seconds: float = 5.0  # ... in any this many seconds
    rooms: int = 200  # rooms on the server in all, those whose game is over apart
    over_room_kept: float = 3600.0  # seconds a room whose game is over stays in the lobby, nobody at it
    chances_playouts: int = 400  # the most playouts in a room's figure of the chances (the panel's are fewer)
    chances_rest: float = 0.5  # seconds from the start of one of a room's figures to the next, at least
    chances_processes: int = 0  # processes a worker works figures out on (0: the cores, shared by workers)


PATHS = ("authorized_keys", "saves_dir", "data_dir", "host_key", "relay_secret", "smtp_password_file")
"""The config's paths, made whole where it is made."""


@dataclass(frozen=True)
class ServerConfig:
    host: str = "127.0.0.1"
    port: int = 2222
    authorized_keys: Path | None = None
    saves_dir: Path | None = None
    data_dir: Path | None = None
    limits: Limits = Limits()
    save_delay: float = 0.2  # seconds: a room is saved this soon after each move
    workers: int = 1  # processes that hold the rooms and run the sessions' apps
    ratings: bool = True  # people's ratings, kept in the data folder's database (`server.people.store`)
    store: str | None = None  # a PostgreSQL database's URL for the people's store, else SQLite in `folder`
    proxy_from: tuple[str, ...] = ()
    """Addresses and networks of balancers whose PROXY headers are believed (`server.network.proxy`)."""
    host_key: Path | None = None  # the host key, one file shared by every host of a server (else in `folder`)
    host_name: str | None = None  # this host's name among several (else the machine's name and the port)
    relay: str | None = None
    """HOST:PORT where this host listens for the other hosts sharing its PostgreSQL (`server.network.hosts`):
    set, the server is one host of several."""
    relay_secret: Path | None = None  # the file of the secret every host of the server is given
    lease: float = 10.0  # seconds a host holds its rooms without renewing (a dead host's rooms wait so long)
    test_clock: bool = False
    """The tables' clock may be moved on by the operator (`landlords clock advance`), to try a turn-based room
    out by hand: never for real play (`server.network.clock_moves`)."""
    smtp: str | None = None
    """HOST:PORT of the SMTP server the notices by e-mail go through (`server.people.notices`); None: none."""
    smtp_from: str = ""  # the e-mails' sender address
    smtp_starttls: bool = False  # STARTTLS before anything else is said to it
    smtp_user: str | None = None  # the login's user, if it asks for one ...
    smtp_password_file: Path | None = (
        None  # ... and the file its password is read from (else the environment)
    )
    smtp_password: str | None = field(default=None, repr=False)
    """The login's password, read on start from `smtp_password_file` or `LANDLORDS_SMTP_PASSWORD`: the front's
    alone, never given to a worker."""

    def __post_init__(self) -> None:
        """Make every path absolute (`~` expanded, a relative one from the folder the server is started in):
        the workers run in another folder, and read the same config."""
        for name in PATHS:
            value = getattr(self, name)
            if value is not None:
                object.__setattr__(self, name, Path(value).expanduser().absolute())

    @property
    def folder(self) -> Path:
        return self.data_dir or default_data_dir()

    @property
    def saves(self) -> Path:
        """The folder the rooms' games are saved in: `--saves-dir`, else the `saves` folder of the server's
        own data folder, never the saves of the user the server runs as (nor `$LANDLORDS_SAVES`): those are
        his own games, which `landlords resume` would offer beside the rooms'."""
        return self.saves_dir or self.folder / "saves"


def config_to_json(config: ServerConfig) -> dict[str, Any]:
    """Serialise a config for a worker process's command line. Without the store's URL:
    only the front opens the store, and a URL may hold a password, which no process list should show."""
    raw = asdict(config)
    raw["store"] = None
    raw["smtp_password"] = None
    for name in PATHS:
        value = getattr(config, name)
        raw[name] = str(value) if value is not None else None
    raw["data_dir"] = str(config.folder)
    return raw


def config_from_json(raw: dict[str, Any]) -> ServerConfig:
    def path(name: str) -> Path | None:
        return Path(raw[name]) if raw.get(name) is not None else None

    return ServerConfig(
        host=str(raw["host"]),
        port=int(raw["port"]),
        authorized_keys=path("authorized_keys"),
        saves_dir=path("saves_dir"),
        data_dir=path("data_dir"),
        limits=Limits(**raw.get("limits", {})),
        save_delay=float(raw["save_delay"]),
        workers=int(raw["workers"]),
        ratings=raw.get("ratings", True) is not False,
        proxy_from=tuple(str(a) for a in raw.get("proxy_from", ())),
        host_key=path("host_key"),
        host_name=raw.get("host_name"),
        relay=raw.get("relay"),
        relay_secret=path("relay_secret"),
        lease=float(raw.get("lease", 10.0)),
        test_clock=raw.get("test_clock") is True,
        smtp=raw.get("smtp"),
        smtp_from=str(raw.get("smtp_from") or ""),
        smtp_starttls=raw.get("smtp_starttls") is True,
        smtp_user=raw.get("smtp_user"),
        smtp_password_file=path("smtp_password_file"),
    )
