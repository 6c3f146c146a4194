"""Player identities: a player is their SSH public key. The name a key chose on its first visit stays bound to
it (and no other key may take the same name) until the key changes it (`Players.rename`).

The names are kept in the server's store (`server.people.store`), with the people's ratings: one store for the
server's people. A server that kept them in `players.json` before has them moved into the store on its
first start, and the file removed. Where the store cannot be used (damaged, or from a newer version: the
server then runs without it), the names chosen are kept for this run only, and the log says so.

Keys cost nothing, so the names kept are bounded (`Limits.players`): when a new key chooses a name with
the book full, the oldest name of a key that holds no seat at any room is let go (that key chooses again
if it ever comes back).
"""

from __future__ import annotations

import logging
from collections.abc import Collection
from pathlib import Path

from engine.core.text import TextError, check_name, clean_name
from lines.settings import Settings
from server.base.state import read_json
from server.people.store import Store, StoreFailure
from translation import N_, _

log = logging.getLogger(__name__)

FILE = "players.json"
"""Where an earlier server kept the names: read once, into the store, then removed."""
KEY_MAX = 100  # characters in a key's fingerprint (SHA256: and 43 more)
UI_MODES = ("lines", "screen")
"""The interface modes a person can play the server in: the line mode, or the full screen."""
LANGUAGE_MAX = 20  # characters in a language's code (es, es_MX, ...)
RENAMED = N_(
    "From now on you are {name}. Games under way, and rooms where you have a seat, keep your old name; the "
    "rooms you join from now on know you by the new one."
)
"""What a person who changed his name is told, in lines and at the full screen."""


class Players:
    def __init__(self, store: Store | None, most: int = 10_000, folder: Path | None = None) -> None:
        self.most = most
        self._store = store
        self._names: dict[str, str] = {}
        self._ui_modes: dict[str, str] = {}  # the interface mode each key last chose (`UI_MODES`)
        self._languages: dict[str, str] = {}  # the language each key chose (a catalogue's code)
        self._heard: dict[str, str] = {}  # what each key chose to hear in lines (`Settings.words`)
        self._zones: dict[str, str] = {}  # the time zone each key's client last named (`TZ`), for this run
        if store is not None:
            try:
                self._ui_modes = {k: f for k, f in store.ui_modes() if f in UI_MODES and len(k) <= KEY_MAX}
            except StoreFailure as exc:
                log.error("the interface modes chosen could not be read: %s", exc)
            try:
                self._languages = {
                    k: code
                    for k, code in store.languages()
                    if len(code) <= LANGUAGE_MAX and len(k) <= KEY_MAX
                }
            except StoreFailure as exc:
                log.error("the languages chosen could not be read: %s", exc)
            try:
                self._heard = {
                    k: words
                    for k, words in store.line_settings()
                    if Settings.of_words(words) is not None and len(k) <= KEY_MAX
                }
            except StoreFailure as exc:
                log.error("what the keys chose to hear in lines could not be read: %s", exc)
            for key, name in store.names()[-most:]:
                if len(key) <= KEY_MAX and clean_name(name):
                    self._names[key] = clean_name(name)
        if folder is not None:
            self._take_in(folder / FILE)

    def _take_in(self, path: Path) -> None:
        """Import the names an earlier server stored in `players.json`, moved into the store (the file removed
        once they are in it); read for this run alone where there is no store."""
        raw = read_json(path)
        if not isinstance(raw, dict):
            return
        for key, name in list(raw.items())[-self.most :]:
            if not isinstance(key, str) or len(key) > KEY_MAX or not isinstance(name, str):
                continue
            name = clean_name(name)
            if not name or key in self._names or self.holder_of(name) is not None:
                continue
            self._keep(key, name)
        if self._store is not None:
            try:
                path.unlink()
            except OSError as exc:
                log.warning("%s is in the store now but could not be removed: %s", path, exc)
            else:
                log.info("the names of %s moved into the store", path)

    def ui_mode_of(self, fingerprint: str) -> str | None:
        """Return the interface mode this key last chose: "lines" or "screen" (None: never chose)."""
        return self._ui_modes.get(fingerprint)

    def choose_ui_mode(self, fingerprint: str, ui_mode: str) -> None:
        """Store the interface mode a key asked for (`ssh host plain`, `ssh -t host screen`)."""
        if ui_mode in UI_MODES and len(fingerprint) <= KEY_MAX:
            self._remember(self._ui_modes, fingerprint, ui_mode, "interface mode")

    def language_of(self, fingerprint: str) -> str | None:
        """Return the language this key chose to play in (None: never chose; its client's environment
        decides)."""
        return self._languages.get(fingerprint)

    def choose_language(self, fingerprint: str, code: str) -> None:
        """Remember the language a key chose (`language es` in the lobby, `ssh host lang es`): a code the
        caller has found a catalogue for, or "en"."""
        if code and len(code) <= LANGUAGE_MAX and len(fingerprint) <= KEY_MAX:
            self._remember(self._languages, fingerprint, code, "language")

    def zone_of(self, fingerprint: str) -> str:
        """Return the time zone this key's client named when it last connected ("" for UTC: none, or not
        since the server started), for its e-mails' deadlines."""
        return self._zones.get(fingerprint, "")

    def heard_zone(self, fingerprint: str, zone: str) -> None:
        """Remember the time zone a key's client named (`server.tables.move_words.zone_named`; "" for
        none), for this run only, bounded as the names are: the oldest forgotten."""
        if len(fingerprint) > KEY_MAX:
            return
        self._zones.pop(fingerprint, None)
        if zone:
            self._zones[fingerprint] = zone
            while len(self._zones) > self.most:
                del self._zones[next(iter(self._zones))]

    def settings_of(self, fingerprint: str) -> Settings | None:
        """Return this key's line-mode output settings (None: never chose; the line mode's defaults apply)."""
        words = self._heard.get(fingerprint)
        return Settings.of_words(words) if words is not None else None

    def choose_settings(self, fingerprint: str, settings: Settings) -> None:
        """Store a key's line-mode output settings (`verbose`, `brief`, `mine`, `everyone`)."""
        if len(fingerprint) <= KEY_MAX:
            self._remember(self._heard, fingerprint, settings.words, "settings")

    def _remember(self, kept: dict[str, str], fingerprint: str, value: str, what: str) -> None:
        """Store a key's choice (its interface mode, its language, its line-mode settings) in the store and
        here, bounded as the names are: the oldest evicted. A choice the store cannot keep holds for this run
        all the same."""
        if kept.get(fingerprint) == value:
            return
        if self._store is not None:
            try:
                keep = {
                    "interface mode": self._store.keep_ui_mode,
                    "language": self._store.keep_language,
                    "settings": self._store.keep_line_settings,
                }[what]
                keep(fingerprint, value)
            except StoreFailure as exc:
                log.error("the %s of key %s could not be kept: %s", what, fingerprint, exc)
        if len(kept) >= self.most and fingerprint not in kept:
            del kept[next(iter(kept))]
        kept[fingerprint] = value

    def __len__(self) -> int:
        return len(self._names)

    def name_of(self, fingerprint: str) -> str | None:
        return self._names.get(fingerprint)

    def holder_of(self, name: str) -> str | None:
        """Return the key that holds `name` (case-insensitive), if any."""
        folded = name.casefold()
        return next((k for k, n in self._names.items() if n.casefold() == folded), None)

    def heard(self, fingerprint: str, name: str) -> None:
        """Record a name chosen, or changed to, at another host of the server, as the store they share
        holds it. A key that holds the name here has changed its own since (the store gives a name to one
        key at a time): its new name is among those heard in the same round."""
        name = clean_name(name)
        if not name or len(fingerprint) > KEY_MAX:
            return
        holder = self.holder_of(name)
        if holder is not None and holder != fingerprint:
            del self._names[holder]
        self._names.pop(fingerprint, None)  # a name changed counts as the latest chosen
        self._names[fingerprint] = name

    def choose(self, fingerprint: str, name: str, seated: Collection[str] = ()) -> str:
        """Bind a name to a key that has none; `TextError` with the reason when it cannot be had. With
        the book full, the oldest name of a key not in `seated` (the keys holding a seat) is let go."""
        if fingerprint in self._names:
            raise TextError(_("This key already has a name."))
        if len(fingerprint) > KEY_MAX:
            raise TextError(_("This key cannot be given a name."))
        name = check_name(name)
        if self.holder_of(name) is not None:
            raise TextError(_("The name {name} is taken; choose another.", name=name))

        let_go = None
        if len(self._names) >= self.most:
            kept = set(seated)
            let_go = next((k for k in self._names if k not in kept), None)
            if let_go is None:
                raise TextError(_("The server keeps as many names as it can; try again later."))
            log.info("the name of key %s let go: the book of names is full", let_go)
        self._keep(fingerprint, name, let_go)
        return name

    def rename(self, fingerprint: str, name: str) -> str:
        """Give a key that has a name another one, on the rules of choosing one (`check_name`, and no other
        key's name); `TextError` with the reason when it cannot be had. The ratings follow the key."""
        old = self._names.get(fingerprint)
        if old is None:
            raise TextError(_("This key has no name yet; choose one first."))
        name = check_name(name)
        if name == old:
            raise TextError(_("Your name is {name} already.", name=name))
        if self.holder_of(name) not in (None, fingerprint):
            raise TextError(_("The name {name} is taken; choose another.", name=name))
        if self._store is not None:
            try:
                self._store.rename(fingerprint, name)
            except StoreFailure as exc:  # another host may have given the name meanwhile: nothing changes
                log.error("the new name of key %s could not be kept: %s", fingerprint, exc)
                raise TextError(_("Your name could not be changed now; try again later.")) from exc
        del self._names[fingerprint]
        self._names[fingerprint] = name
        return name

    def _keep(self, key: str, name: str, let_go: str | None = None) -> None:
        if self._store is not None:
            try:
                self._store.bind_name(key, name, let_go)
            except StoreFailure as exc:  # the name holds for this run all the same
                log.error("the name of key %s could not be kept: %s", key, exc)
        if let_go is not None:
            del self._names[let_go]
        self._names[key] = name
