"""Each person over SSH reads the game in their own language: the one their client's LANG names, or the
one they chose (`language es` in the lobby, `ssh host lang es`), which the server remembers for their
key. Two people at one table read the same moment each in their own language; a language the game does
not have falls back to English with one line saying so. One of them connects with OpenSSH's `ssh`."""

from __future__ import annotations

import asyncio
import os
import shutil
from pathlib import Path

import pytest
from speaker import Speaker

from sshplay import Person, make_key, start_server

pytestmark = pytest.mark.slow


async def test_two_people_at_one_table_each_read_their_own_language(tmp_path: Path) -> None:
    running = await start_server(tmp_path)
    lucia, len_ = (
        Speaker(running, "Lucia", make_key(tmp_path, "Lucia")),
        Speaker(running, "Len", make_key(tmp_path, "Len")),
    )
    try:
        await lucia.connect(env={"LANG": "es_ES.UTF-8"})
        await len_.connect(env={"LANG": "C.UTF-8"})
        await lucia.wait_for("¿Con qué nombre te conocerán los demás?")
        await len_.wait_for("What name shall the others know you by?")
        await lucia.type("Lucia")
        await len_.type("Len")
        await lucia.wait_for("Estás en el vestíbulo.")
        await len_.wait_for("You are in the lobby.")
        await lucia.type("new Duo classic 2 people 1 easy bot")
        await lucia.wait_for("Tienes asiento en Duo")
        await asyncio.sleep(1.0)  # the room reaches every worker's lobby within half a second
        await len_.type("join Duo")

        await lucia.wait_for("Duo está completa: empieza la partida.")
        await lucia.wait_for("Estás en Duo.")
        await len_.wait_for("You are at Duo.")
        await lucia.wait_for(": eres Lucia y juegas contra")
        await len_.wait_for(": you are Len, playing")

        for english in ("You are", "Type help", "the lobby"):
            assert english not in lucia.out.text, english
        for spanish in ("Estás", "Escribe", "vestíbulo"):
            assert spanish not in len_.out.text, spanish
        assert running.front.players.language_of(lucia.fingerprint) is None, (
            "the client's LANG is not a choice"
        )
    finally:
        lucia.close()
        len_.close()
        await running.stop()


async def test_a_language_chosen_is_remembered_for_the_key(tmp_path: Path) -> None:
    running = await start_server(tmp_path)
    ana = Speaker(running, "Ana", make_key(tmp_path, "Ana"))
    try:
        await ana.connect()  # no LANG sent: English
        await ana.wait_for("What name shall")
        await ana.type("Ana")
        await ana.wait_for("You are in the lobby.")
        await ana.type("language es")
        await ana.wait_for("A partir de ahora juegas en español.")
        await ana.type("rooms")
        await ana.wait_for("No hay ninguna sala abierta.")
        await ana.type("new Solo classic 1 person 1 easy bot")  # the table is on a worker: still Spanish
        await ana.wait_for("Estás en Solo.")
        await ana.type("leave")
        await ana.wait_for("Estás en el vestíbulo.")
        await asyncio.sleep(0.2)
        assert running.front.players.language_of(ana.fingerprint) == "es"
        ana.close()
        await ana.connect(env={"LANG": "en_GB.UTF-8"})  # the choice outranks the client's LANG
        await ana.wait_for("Estás en el vestíbulo.")
        ana.close()
        await ana.connect("lang en plain")  # a command word chooses too
        await ana.wait_for("You are in the lobby.")
        assert running.front.players.language_of(ana.fingerprint) == "en"
        ana.close()
        await ana.connect("lang xx plain")  # no such language: English, said in a line
        await ana.wait_for("There is no translation into 'xx': the game is in English.")
        await ana.wait_for("You are in the lobby.")
        await ana.type("language zz")
        await ana.wait_for("There is no translation into 'zz'")
        assert running.front.players.language_of(ana.fingerprint) == "en"
    finally:
        ana.close()
        await running.stop()


async def test_the_full_screen_lobby_chooses_a_language_and_starts_again_in_it(tmp_path: Path) -> None:
    running = await start_server(tmp_path)
    eva = Person(running, make_key(tmp_path, "Eva"), "Eva")
    running.front.players.choose(eva.fingerprint, "Eva")
    try:
        await eva.connect()
        await eva.wait_for("No rooms yet: press n to make one.")
        await eva.press("l")
        await eva.wait_for("The language you play in")
        assert "español (es)" in eva.text()
        await eva.press("down", "enter")
        await eva.wait_for("Aún no hay salas: pulsa n para crear una.")
        assert "te damos la bienvenida, Eva" in eva.text()
        assert running.front.players.language_of(eva.fingerprint) == "es"
    finally:
        await eva.leave()
        await running.stop()


@pytest.mark.skipif(
    shutil.which("ssh") is None, reason="needs OpenSSH's ssh (apt-get install openssh-client)"
)
async def test_openssh_sends_lang_and_the_person_reads_spanish(tmp_path: Path) -> None:
    running = await start_server(tmp_path)
    key = tmp_path / "rosa"
    make_key(tmp_path, "Rosa").write_private_key(str(key))
    os.chmod(key, 0o600)
    options = [
        "-F",
        "/dev/null",
        "-i",
        str(key),
        "-o",
        "StrictHostKeyChecking=no",
        "-o",
        "IdentitiesOnly=yes",
    ]
    options += ["-o", f"UserKnownHostsFile={tmp_path / 'known'}", "-o", "SetEnv=LANG=es_ES.UTF-8"]
    try:
        ssh = await asyncio.create_subprocess_exec(
            "ssh", "-T", *options, "-p", str(running.port), "rosa@127.0.0.1", "plain",
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )  # fmt: skip
        assert ssh.stdin is not None and ssh.stdout is not None
        for line in (b"Rosa\n", b"rooms\n", b"quit\n"):
            await asyncio.sleep(0.5)  # each line after the one before is answered, as a person types
            ssh.stdin.write(line)
            await ssh.stdin.drain()
        out, err = await asyncio.wait_for(ssh.communicate(), 30)
        text = out.decode()
        assert text, err.decode()

        assert "Te damos la bienvenida a landlords, en líneas" in text
        assert "No hay ninguna sala abierta." in text
        assert "Adiós." in text
        assert "Welcome" not in text and "lobby" not in text
    finally:
        await running.stop()


async def test_a_spanish_player_makes_a_room_and_plays_in_spanish_words(tmp_path: Path) -> None:
    running = await start_server(tmp_path)
    ana = Speaker(running, "Ana", make_key(tmp_path, "Ana"))
    try:
        await ana.connect("lang es plain")
        await ana.wait_for("¿Con qué nombre")
        await ana.type("Ana")
        await ana.wait_for("Estás en el vestíbulo.")
        await ana.type("salas")
        await ana.wait_for("No hay ninguna sala abierta. Escribe nueva NOMBRE")
        await ana.type("nueva Viernes clasica 1 persona 1 bot dificil reloj 3 mas 15")  # accents optional
        await ana.wait_for("Estás en Viernes.")
        table = running.table("Viernes")
        assert table is not None
        plan = table.plan
        assert (plan.edition, plan.bank, plan.bank_added) == ("classic", 180, 15)
        assert [s.level for s in plan.seats if s.kind == "bot"] == ["hard"]
        await ana.type("estado")
        await ana.wait_for("Tú: ")
        await ana.type("decir hola")
        await ana.wait_for("Charla, Ana: hola")
        await ana.type("dejar")
        await ana.wait_for("Has dejado la mesa")
        await ana.type("bailar")
        await ana.wait_for("bailar no es una orden del vestíbulo. Escribe ayuda")
        await ana.type("quién")  # a word of the table's, not the lobby's: named as typed, not in English
        await ana.wait_for("quién no es una orden del vestíbulo. Escribe ayuda")
        await ana.type("ayuda")
        await ana.wait_for("unirse y el número o el nombre de una sala")
    finally:
        ana.close()
        await running.stop()
