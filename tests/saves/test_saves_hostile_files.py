"""Hostile files in the saves folder: links under landlords' names, files that are not regular or are huge,
files that are not saves, a full disk, a folder that cannot be written, and the litter of killed writers.
Each is met with a one-line reason or quietly cleared, never followed, read whole or left locked."""

from __future__ import annotations

import json
import multiprocessing
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import textwrap
import time
from dataclasses import replace
from multiprocessing.connection import Connection
from pathlib import Path

import pytest

from cli.main import main
from saves import SaveError, SaveStore
from saves.atomic import temp_name
from saves.files import MAX_BYTES
from saves.ids import INDEX
from saves.location import backup_of, lock_of
from saves.lock import FileLock
from saves.summary_cache import NAME

from saved_games import GAMES, play, seats_of

FORK = multiprocessing.get_context("fork")
NOTES = "my notes: do not lose\n"


def _saved(root: Path, title: str = "shared", commands: int = 30) -> tuple[SaveStore, str, Path]:
    game = GAMES["classic, 2 players"].start()
    play(game, stop=lambda g: len(g.log) >= commands)
    store = SaveStore(root)
    with store.create(game, seats_of(game), title) as session:
        return store, session.id, session.path


def _cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture(autouse=True)
def _wide(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.delenv("LANDLORDS_SAVES", raising=False)


# --- 1. links are never followed ------------------------------------------------------------------


def test_a_lock_file_linked_to_the_players_notes_is_refused_and_the_notes_kept(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store, save_id, path = _saved(tmp_path / "saves")
    notes = tmp_path / "notes.txt"
    notes.write_text(NOTES)
    lock_of(path).symlink_to(notes)
    status, _, err = _cli(capsys, "saves", "delete", save_id, "--yes", "--saves-dir", str(store.root))
    assert status == 2 and err.count("\n") == 1
    assert "the lock file" in err and "is not landlords' own (it is a symbolic link)" in err
    for attempt in (lambda: store.open(save_id), lambda: store.delete(save_id)):
        with pytest.raises(SaveError, match="symbolic link"):
            attempt()
    assert notes.read_text() == NOTES and path.exists()
    status, out, _ = _cli(capsys, "resume", "--status", save_id, "--saves-dir", str(store.root))
    assert status == 0 and "Waiting for" in out  # a status needs no lock
    assert notes.read_text() == NOTES and lock_of(path).is_symlink()


@pytest.mark.parametrize("kind", ["hard link", "fifo"])
def test_a_lock_file_that_is_not_ours_is_left_untouched(kind: str, tmp_path: Path) -> None:
    store, save_id, path = _saved(tmp_path / "saves")
    notes = tmp_path / "notes.txt"
    notes.write_text(NOTES)
    if kind == "hard link":
        os.link(notes, lock_of(path))
    else:
        os.mkfifo(lock_of(path))
    with pytest.raises(SaveError, match="not landlords' own"):
        store.open(save_id)
    assert notes.read_text() == NOTES


def test_a_backup_or_a_save_replaced_by_a_link_never_writes_through_it(tmp_path: Path) -> None:
    store, save_id, path = _saved(tmp_path / "saves")
    notes = tmp_path / "notes.txt"
    notes.write_text(NOTES)
    backup = backup_of(path)
    backup.unlink(missing_ok=True)
    backup.symlink_to(notes)
    loaded, session = store.open(save_id)
    with session:
        session.save(loaded.game)
    assert notes.read_text() == NOTES and not backup.is_symlink()  # the link was replaced, not followed
    path.unlink()
    path.symlink_to(notes)
    with pytest.raises(SaveError, match="symbolic link, not a save file"):
        store.load(save_id)
    assert notes.read_text() == NOTES


# --- 3. listing reads what it needs, and only regular files of a sane size ---------------------------


def _huge(root: Path, template: Path, size: int) -> Path:
    """A save-shaped file of exactly `size` bytes: the header and final state of a real save around a
    padded command log."""
    data = template.read_bytes()
    cut = data.index(b'"log":[') + len(b'"log":[')
    head, tail = data[:cut], data[cut:]
    path = root / "huge-0badcafe.json"
    item = b'{"kind":"end_turn","player":0},'
    chunk = item * (2**20 // len(item))
    with path.open("wb") as f:
        f.write(head)
        for piece in (chunk, item):
            while f.tell() + len(piece) + len(tail) <= size:
                f.write(piece)
        f.write(b" " * (size - f.tell() - len(tail)))
        f.write(tail)
    return path


_LAUNCHER = textwrap.dedent(
    """
    import os, resource, sys
    memory, peak_file, argv = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
    child = os.fork()
    if child == 0:
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
        os.execv(sys.executable, [sys.executable, "-m", "cli.main", *argv])
    _, status, usage = os.wait4(child, 0)
    with open(peak_file, "w") as out:
        out.write(str(usage.ru_maxrss))
    sys.exit(os.waitstatus_to_exitcode(status))
    """
)
"""Runs `landlords` as the child of a small Python of its own: a process forked from the test's own (as
large as the whole suite has made it) would count that process's memory as its peak, since the peak a
process reports keeps what it held before it ran the program."""


def _landlords(argv: list[str], memory: int) -> tuple[int, str, int, float]:
    """Run `landlords ARGV` held to `memory` bytes of address space: its status, what it printed, its peak
    resident memory in bytes and the seconds it took."""
    started = time.monotonic()
    with tempfile.TemporaryFile() as out, tempfile.TemporaryDirectory() as folder:
        peak_file = Path(folder) / "peak"
        child = subprocess.run(
            [sys.executable, "-c", _LAUNCHER, str(memory), str(peak_file), *argv],
            stdout=out,
            stderr=subprocess.STDOUT,
            env={**os.environ, "COLUMNS": "200"},
            check=False,
        )
        took = time.monotonic() - started
        out.seek(0)
        printed = out.read().decode()
        peak = int(peak_file.read_text()) * (1 if sys.platform == "darwin" else 1024)  # Linux counts in KiB
    return child.returncode, printed, peak, took


def test_listing_meets_a_100_mb_file_in_bounded_memory(tmp_path: Path) -> None:
    """`landlords saves list` in a process held to 200 MiB of address space, over a folder holding a
    100 MiB save-shaped file, a FIFO and a good save: it lists the save, and the others in one line each,
    at a peak resident memory under 200 MB."""
    root = tmp_path / "saves"
    _, save_id, path = _saved(root)
    huge = _huge(root, path, 100 * 2**20)
    os.mkfifo(root / "pipe-0fee0fee.json")
    status, listing, peak, took = _landlords(["saves", "list", "--saves-dir", str(root)], 200 * 2**20)
    assert status == 0, listing
    assert save_id in listing
    assert f"{huge.name}: the file is 100.0 MiB, more than a save can be (4 MiB at most): not read" in listing
    assert "pipe-0fee0fee.json: not a save file but a FIFO" in listing
    assert peak < 200 * 10**6, f"peak resident memory {peak / 10**6:.0f} MB"
    assert took < 20


def test_a_file_of_millions_of_wrong_items_is_refused_in_bounded_time_and_memory(tmp_path: Path) -> None:
    """Under the size limit: a log of a million empty commands, a trade offering a million deeds, a table
    of thousands of players. Each is refused in a line, not by working out every wrong item."""
    root = tmp_path / "saves"
    _, _, path = _saved(root)
    data = path.read_bytes()
    cut = data.index(b'"log":[') + len(b'"log":[')
    room = MAX_BYTES - len(data) - 1024
    trade = b'{"kind":"propose_trade","player":0,"to":1,"give":{"cash":0,"jail_cards":0,"deeds":[%s]},'
    trade += b'"take":{"cash":0,"deeds":[],"jail_cards":0}}'
    deeds = room // 4
    cases = {
        b",".join([b"{}"] * (room // 3)): "not a valid landlords save: log.0: a command with no kind",
        trade % b",".join([b'"x"'] * deeds): f"not a landlords save: it holds a list of {deeds:,} items",
    }
    for first, says in cases.items():
        crafted = root / "crafted-0c0c0c0c.json"
        crafted.write_bytes(data[:cut] + first + b"," + data[cut:])
        status, printed, peak, took = _landlords(["saves", "show", str(crafted)], 400 * 2**20)
        assert status == 2 and says in printed and printed.count("\n") == 1, printed
        assert peak < 200 * 10**6 and took < 20, (says, peak, took)
    doc = json.loads(data)
    doc["snapshot"]["players"] = [{}] * 2000
    path.write_text(json.dumps(doc))
    status, printed, _, _ = _landlords(["saves", "show", str(path)], 400 * 2**20)
    assert status == 2
    assert printed == f"landlords: {path}: not a landlords save: it holds a list of 2,000 items\n"


def test_show_and_resume_refuse_a_file_over_the_limit_before_reading_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = tmp_path / "saves"
    _saved(root)
    huge = root / "huge-0badcafe.json"
    with huge.open("wb") as f:  # sparse: nothing is written, so only a read would cost anything
        f.truncate(MAX_BYTES + 1)
    assert MAX_BYTES == 4 * 2**20
    for argv in (("saves", "show", "0badcafe"), ("resume", "--status", "0badcafe"), ("replay", "0badcafe")):
        status, out, err = _cli(capsys, *argv, "--saves-dir", str(root))
        assert (status, out) == (2, "")
        too_large = "the file is 4.1 MiB, more than a save can be (4 MiB at most): not read"
        assert err == f"landlords: {huge}: {too_large}\n"


def test_a_fifo_or_a_folder_named_like_a_save_never_blocks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = tmp_path / "saves"
    _saved(root)
    os.mkfifo(root / "pipe-0fee0fee.json")
    (root / "folder-0dd0dd00.json").mkdir()
    for argv in (("saves", "list"), ("saves", "show", "0fee0fee"), ("resume", "--status", "0fee0fee")):
        _, out, err = _cli(capsys, *argv, "--saves-dir", str(root))  # would hang on the FIFO
        assert "not a save file but a FIFO" in out + err
    listing = _cli(capsys, "saves", "--saves-dir", str(root))[1]
    assert "folder-0dd0dd00.json: not a save file but a folder" in listing


def test_a_long_save_lists_from_its_two_ends_as_it_loads(tmp_path: Path) -> None:
    """Past 128 KiB a listing reads only the header and the final state; it agrees with a full load, and
    damage at either end is found."""
    root = tmp_path / "saves"
    store, save_id, path = _saved(root, commands=200)
    padded = _huge(root, path, 300 * 1024)  # a log no replay accepts, but a listing never replays
    listed = {s.id: s for s in store.list()}
    loaded = store.load(save_id).summary
    assert listed[save_id] == loaded
    assert replace(listed["0badcafe"], id=loaded.id, path=loaded.path) == loaded
    with pytest.raises(SaveError, match="command"):
        store.load("0badcafe")
    data = padded.read_bytes()
    damaged = {
        "not a valid landlords save: title: String should have at least 1 character": data.replace(
            b'"title":"shared"', b'"title":""', 1
        ),
        "not a valid landlords save: snapshot.winner: Input should be a valid integer": _replace_last(
            data, b'"winner":null', b'"winner":"x"'
        ),
        "the players in the header do not match the game": _replace_last(
            data, b'"name":"Ada"', b'"name":"Eve"'
        ),
        "the file is cut short: it does not end with the game's state": data[:-5000],
    }
    for reason, mutant in damaged.items():
        padded.write_bytes(mutant)
        [problem] = store.damaged()
        assert problem.reason.startswith(reason), problem.reason


def _replace_last(data: bytes, old: bytes, new: bytes) -> bytes:
    at = data.rindex(old)
    return data[:at] + new + data[at + len(old) :]


# --- 4. delete deletes saves in the saves folder, and says which ----------------------------------------


def test_delete_refuses_files_that_are_not_saves_in_the_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "saves"
    _, _, path = _saved(root)
    here = tmp_path / "here"
    here.mkdir()
    monkeypatch.chdir(here)
    notes = here / "notes.txt"
    notes.write_text(NOTES)
    copy = here / path.name
    copy.write_bytes(path.read_bytes())
    for target, reason in (
        ("./notes.txt", "not in the saves folder"),
        (str(notes), "not in the saves folder"),
        (f"./{path.name}", "not in the saves folder"),
        ("../saves/../here/notes.txt", "not in the saves folder"),
    ):
        status, _, err = _cli(capsys, "saves", "delete", target, "--yes", "--saves-dir", str(root))
        assert status == 2 and reason in err and err.count("\n") == 1, (target, err)
    (root / "notes.txt").write_text(NOTES)
    status, _, err = _cli(
        capsys, "saves", "delete", str(root / "notes.txt"), "--yes", "--saves-dir", str(root)
    )
    assert status == 2 and "not a save file's name" in err
    assert notes.read_text() == NOTES and copy.exists() and path.exists()
    # The bare file name is the save in the folder, not the copy in the current one.
    status, out, _ = _cli(capsys, "saves", "delete", path.name, "--yes", "--saves-dir", str(root))
    assert status == 0 and out == f"Deleted 'shared' ({path}).\n"
    assert not path.exists() and copy.exists()


# --- 5. a full disk while locking leaks no lock ---------------------------------------------------------

FULL_DISK = textwrap.dedent(
    """
    import resource, sys
    from pathlib import Path
    sys.path.insert(0, {tests!r})
    from saved_games import GAMES, seats_of
    from saves import SaveError, SaveStore
    from saves.location import lock_of

    store = SaveStore(Path({root!r}))
    resource.setrlimit(resource.RLIMIT_FSIZE, (0, resource.RLIM_INFINITY))  # no file may grow: a full disk
    loaded, session = store.open({save_id!r})
    session.close()
    loaded, session = store.open({save_id!r})  # not "open in another landlords"
    try:
        session.save(loaded.game)
    except SaveError as exc:
        print("save:", exc.reason)
    session.close()
    game = GAMES["classic, 2 players"].start()
    try:
        store.create(game, seats_of(game), "new")
    except SaveError as exc:
        print("create:", exc.reason)
    store.delete({save_id!r})
    print("left:", sorted(p.name for p in Path({root!r}).iterdir()))
    """
)


def test_a_full_disk_never_leaves_a_game_locked(tmp_path: Path) -> None:
    root = tmp_path / "saves"
    _, save_id, _ = _saved(root)
    script = FULL_DISK.format(
        tests=str(Path(__file__).parents[1] / "helpers"), root=str(root), save_id=save_id
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("save: the game could not be saved: File too large")
    assert lines[1].startswith("create: the game could not be saved: File too large")
    assert lines[2] == "left: ['.ids']"  # no lock, no half-written copy, no game: the index of ids alone


def test_a_lock_that_fails_half_way_is_released(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever fails after the lock file is opened, the lock is not kept: the next try gets it."""
    store, save_id, _ = _saved(tmp_path)

    def broken(fd: int) -> bool:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(FileLock, "_take", lambda self, fd: broken(fd))
    with pytest.raises(SaveError, match="No space left on device"):
        store.open(save_id)
    monkeypatch.undo()
    with store.open(save_id)[1]:
        pass


# --- 8. the litter of writers killed at the wrong moment is cleared ---------------------------------


def _die_while_creating(root: Path, ready: Connection) -> None:
    """In a child: lock a new game's file and start writing it, then wait to be killed."""
    path = root / "killed-0a0a0a0a.json"
    FileLock(lock_of(path), path).acquire()
    temp_name(path).write_bytes(b'{"format_version": 1, "tit')
    ready.send(True)
    signal.pause()


def test_a_writer_killed_while_creating_leaves_nothing_once_the_folder_is_used(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = tmp_path / "saves"
    _, save_id, _ = _saved(root)
    before = sorted(p.name for p in root.iterdir())
    mine, theirs = FORK.Pipe()
    child = FORK.Process(target=_die_while_creating, args=(root, theirs))
    child.start()
    assert mine.poll(20)
    lock = root / "killed-0a0a0a0a.json.lock"
    status, _, _ = _cli(capsys, "saves", "list", "--saves-dir", str(root))  # the writer lives: untouched
    assert status == 0 and lock.exists() and len(list(root.glob(".killed-0a0a0a0a.json.*.tmp"))) == 1
    os.kill(child.pid, signal.SIGKILL)  # type: ignore[arg-type]
    child.join()
    assert lock.exists() and len(list(root.glob(".killed-0a0a0a0a.json.*.tmp"))) == 1
    status, out, _ = _cli(capsys, "saves", "list", "--saves-dir", str(root))
    assert status == 0 and save_id in out and "could not be read" not in out
    assert sorted(p.name for p in root.iterdir()) == before


def test_old_litter_is_cleared_but_not_what_a_live_game_or_a_link_holds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = tmp_path / "saves"
    store, save_id, path = _saved(root)
    _, other_id, other = _saved(root, "other")
    # As an earlier version could leave a game killed while it was being deleted: the game gone, its
    # backup, lock and a half-written copy of the backup still there. And a link under such a name.
    backup_of(path).write_bytes(path.read_bytes())
    path.unlink()
    lock_of(path).write_text("4242 elsewhere\n")
    temp_name(backup_of(path)).write_bytes(b"half")
    notes = tmp_path / "notes.txt"
    notes.write_text(NOTES)
    (root / "linked-0c0c0c0c.json.bak").symlink_to(notes)
    _, session = store.open(other_id)  # a game open elsewhere keeps its files
    stray = temp_name(other)
    stray.write_bytes(b"being written")
    with session:
        status, out, _ = _cli(capsys, "saves", "list", "--saves-dir", str(root))
        assert status == 0 and other_id in out and save_id not in out
        assert stray.exists() and lock_of(other).exists()
    assert sorted(p.name for p in root.iterdir()) == sorted(
        [other.name, stray.name, "linked-0c0c0c0c.json.bak", NAME, INDEX]  # the summaries and the ids kept
    )
    assert notes.read_text() == NOTES


def test_a_delete_cut_short_leaves_the_game_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The game file is deleted last: a delete that stops before it leaves a game that still loads."""
    store, save_id, path = _saved(tmp_path)
    loaded, session = store.open(save_id)
    with session:
        session.save(loaded.game)  # now it has a backup
    assert backup_of(path).exists()
    unlink = Path.unlink

    def refuse_the_game(self: Path, missing_ok: bool = False) -> None:
        if self == path:
            raise OSError(5, "Input/output error")
        unlink(self, missing_ok)

    monkeypatch.setattr(Path, "unlink", refuse_the_game)
    with pytest.raises(SaveError, match="cannot be deleted: Input/output error"):
        store.delete(save_id)
    monkeypatch.undo()
    assert not backup_of(path).exists() and store.load(save_id).summary.id == save_id


# --- 9. a status needs no lock, so a folder that cannot be written is no obstacle --------------------


def _without_privileges(argv: list[str]) -> list[str]:
    """A command that cannot write where the permissions say no, even when the tests run as root."""
    if os.geteuid() != 0:
        return argv
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("run as root without setpriv: no folder can be made read-only to this process")
    return [setpriv, "--bounding-set=-all", "--inh-caps=-all", "--", *argv]


def test_resume_status_in_a_folder_that_cannot_be_written(tmp_path: Path) -> None:
    root = tmp_path / "saves"
    _, save_id, path = _saved(root)
    root.chmod(0o555)
    try:
        before = (sorted(p.name for p in root.iterdir()), root.stat().st_mtime_ns)
        for argv, status, says in (
            (["resume", "--status", save_id], 0, "Waiting for "),
            (["resume", "--status"], 0, "Waiting for "),
            (["saves", "list"], 0, save_id),
            (["saves", "delete", save_id, "--yes"], 2, "cannot be locked: Permission denied"),
        ):
            command = [sys.executable, "-m", "cli.main", *argv, "--saves-dir", str(root)]
            result = subprocess.run(_without_privileges(command), capture_output=True, text=True, timeout=60)
            assert result.returncode == status and says in result.stdout + result.stderr, (argv, result)
        assert (sorted(p.name for p in root.iterdir()), root.stat().st_mtime_ns) == before
        assert path.exists()
    finally:
        root.chmod(0o755)
