"""A person's terminal in tmux running OpenSSH's own `ssh`, read as the person reads it (capture-pane)."""

from __future__ import annotations

import asyncio
import subprocess
from pathlib import Path


class Terminal:
    """A tmux window running `ssh` to the server."""

    def __init__(self, name: str, socket: str) -> None:
        self.name = name
        self.socket = socket

    def tmux(self, *args: str) -> str:
        return subprocess.run(
            ["tmux", "-S", self.socket, *args], capture_output=True, text=True, check=True
        ).stdout

    def open(self, command: str, size: tuple[int, int]) -> None:
        width, height = size
        self.tmux("new-session", "-d", "-s", self.name, "-x", str(width), "-y", str(height), command)

    def keys(self, *keys: str) -> None:
        self.tmux("send-keys", "-t", self.name, *keys)

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", self.name)

    async def wait_for(self, text: str, timeout: float = 20.0) -> None:
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while loop.time() < end:
            if text in self.screen():
                return
            await asyncio.sleep(0.1)
        raise AssertionError(f"{self.name} never showed {text!r}:\n{self.screen()}")


def ssh_command(key: Path, port: int, known: Path, room: str = "") -> str:
    options = f"-o StrictHostKeyChecking=accept-new -o UserKnownHostsFile={known} -o IdentitiesOnly=yes"
    return f"ssh -t -F /dev/null -i {key} {options} -p {port} player@127.0.0.1 {room}".strip()


async def ada_makes_friday(ada: Terminal) -> None:
    """Ada, new to the server, names herself and makes the room Friday (two people, two bots)."""
    await ada.wait_for("Choose the name")
    ada.keys("Ada", "Enter")
    await ada.wait_for("No rooms yet")
    ada.keys("n")
    await ada.wait_for("A new room")
    ada.keys("Friday", "Enter")
    await ada.wait_for("Waiting for 1 more person")


async def bob_joins_and_they_talk(ada: Terminal, bob: Terminal) -> None:
    """Bob, come straight to Friday, names himself; the game starts, Ada rolls, Bob wishes her luck."""
    await bob.wait_for("Choose the name")
    bob.keys("Bob", "Enter")
    await bob.wait_for("Ada's turn")
    await ada.wait_for("Ada's turn")
    ada.keys("r")
    await bob.wait_for("Ada rolled")
    bob.keys("/")
    await bob.wait_for("Say to the table")
    bob.keys("good luck", "Enter")
    await ada.wait_for("Bob: good luck")
