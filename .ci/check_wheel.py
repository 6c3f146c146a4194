"""Check what a built wheel holds: every file of each package (its data files included), a `py.typed` in
each, the JSON Schemas of the save file and of the event log, the licence text, the licence expression,
the `landlords` command, and the `env`, `research` and `postgres` extras (the learning environment's
libraries, its learning example's, and the server's PostgreSQL driver, which the game itself never
requires), every translation catalogue compiled
(a `.mo` that gettext loads, in place of the `.po` it is built from: a build that dropped them would leave
players in English without a word), and nothing else.

    python .ci/check_wheel.py dist/landlords-*.whl

Says what is missing or extra, and exits 1 if anything is; run by `.ci/run` after building the wheel.
"""

from __future__ import annotations

import gettext
import io
import sys
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def source_files(package: str) -> set[str]:
    """The files of a package in the source tree, as the wheel names them."""
    folder = ROOT / package
    return {
        path.relative_to(ROOT).with_suffix(".mo" if path.suffix == ".po" else path.suffix).as_posix()
        for path in folder.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc"
    }


def problems(wheel: Path) -> list[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    packages = project["tool"]["hatch"]["build"]["targets"]["wheel"]["packages"]
    found: list[str] = []
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        info = next(n.split("/")[0] for n in names if n.split("/")[0].endswith(".dist-info"))
        for package in packages:
            wanted = source_files(package)
            for name in sorted(wanted - names):
                found.append(f"missing from the wheel: {name}")
            if f"{package}/py.typed" not in names:
                found.append(f"no py.typed in {package}/ (PEP 561: type checkers would ignore its hints)")
        tops = {n.split("/")[0] for n in names} - {info}
        for extra in sorted(tops - set(packages)):
            found.append(f"not a package of ours at the wheel's top level: {extra}")
        licence = f"{info}/licenses/LICENSE"
        if licence not in names:
            found.append(f"no licence text ({licence})")
        elif archive.read(licence) != (ROOT / "LICENSE").read_bytes():
            found.append(f"{licence} differs from LICENSE")
        metadata = archive.read(f"{info}/METADATA").decode("utf-8")
        if f"License-Expression: {project['project']['license']}" not in metadata.splitlines():
            found.append("METADATA names no licence expression")
        entry_points = archive.read(f"{info}/entry_points.txt").decode("utf-8")
        if "landlords = cli.main:main" not in entry_points.splitlines():
            found.append("no `landlords` command among the entry points")
        found += _schemas(names) + _extras(metadata, project) + _catalogues(archive)
    return found


def _schemas(names: set[str]) -> list[str]:
    """The published schemas: every version of the save file's and of the event log's."""
    found = []
    for kind in ("save", "events"):
        wanted = [
            p.relative_to(ROOT).as_posix()
            for p in sorted((ROOT / "saves" / "schema").glob(f"{kind}-v*.json"))
        ]
        if not wanted:
            found.append(f"no JSON Schema of the {kind} format in saves/schema/")
        found += [f"no JSON Schema {name} in the wheel" for name in wanted if name not in names]
    return found


def _catalogues(archive: zipfile.ZipFile) -> list[str]:
    """Each catalogue of the source tree is in the wheel compiled, loads, and speaks its language."""
    found = []
    names = set(archive.namelist())
    for po in sorted((ROOT / "translation" / "locale").glob("*/LC_MESSAGES/*.po")):
        mo = po.relative_to(ROOT).with_suffix(".mo").as_posix()
        if po.relative_to(ROOT).as_posix() in names:
            found.append(f"a catalogue's source in the wheel: {po.relative_to(ROOT).as_posix()}")
        if mo not in names:
            found.append(f"no compiled catalogue {mo} in the wheel")
            continue
        try:
            translations = gettext.GNUTranslations(io.BytesIO(archive.read(mo)))
        except (OSError, UnicodeDecodeError) as error:
            found.append(f"{mo} does not load: {error}")
            continue
        code = po.parent.parent.name
        if translations.info().get("language") != code:
            found.append(f"{mo} does not say it is in {code!r}")
        if not translations._catalog:  # type: ignore[attr-defined]
            found.append(f"{mo} translates nothing")
    return found


EXTRAS = {
    "env": ("pettingzoo", "gymnasium", "jsonschema"),
    "research": ("stable-baselines3", "sb3-contrib", "torch"),
    "postgres": ("psycopg",),
}
"""The optional extras and the libraries each names, which the game itself never requires."""


def _extras(metadata: str, project: dict[str, object]) -> list[str]:
    """The `env` extra names the learning environment's libraries and the `postgres` extra the server's
    PostgreSQL driver; the game itself requires none of them."""
    lines = metadata.splitlines()
    found: list[str] = []
    required = [line for line in lines if line.startswith("Requires-Dist:")]
    for extra, libraries in EXTRAS.items():
        if f"Provides-Extra: {extra}" not in lines:
            found.append(f"METADATA names no `{extra}` extra")
        for library in libraries:
            named = [line for line in required if line.startswith(f"Requires-Dist: {library}")]
            if not any(f"extra == '{extra}'" in line for line in named):
                found.append(f"the `{extra}` extra does not require {library}")
            if any("extra ==" not in line for line in named):
                found.append(f"the game itself requires {library}: it belongs to the `{extra}` extra only")
    return found


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    wheel = Path(argv[0])
    found = problems(wheel)
    for line in found:
        print(f"{wheel.name}: {line}", file=sys.stderr)
    if found:
        return 1
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
    data = [n for n in names if not n.endswith((".py", "py.typed")) and ".dist-info/" not in n]
    print(f"{wheel.name}: {len(names)} files; py.typed in each package; the licence; {len(data)} data files")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
