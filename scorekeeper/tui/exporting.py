"""Files the app writes for the scorekeeper (the game's JSON log, its printable score sheet):
their default names, the checks on a name typed in, and the folder remembered between runs.

The season database has no table for the app's own settings (and the season layer is not
the app's to change), so the folder is kept in a small JSON file in the user's config folder
(``platformdirs``), read once when the app starts and written after each file saved there.
"""

from __future__ import annotations

import json
import os
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..logs.models import GameLog

#: The longest default name, before its suffix: long enough for four names and a table,
#: short enough for every file system (255 bytes) and for a file list to show it.
NAME_LIMIT = 100
#: Names Windows keeps for devices: a file so named cannot be opened there.
_DEVICES = {"CON", "PRN", "AUX", "NUL", *(f"COM{i}" for i in range(1, 10)),
            *(f"LPT{i}" for i in range(1, 10))}
_DOTS = re.compile(r"\.{2,}")
_SPACES = re.compile(r"\s+")


def _kept(ch: str) -> str:
    """A character of a readable file name: letters and digits of any script, a space,
    ``-``, ``_``, ``+`` and ``.``; anything else (a ``/``, ``\\``, ``:``, a control
    character, an emoji) becomes ``_``, so the name never leads out of its folder."""
    if ch.isalnum() or ch in " -_+.":
        return ch
    if ch.isspace():
        return " "
    return "_"


def readable_file_name(text: str, suffix: str) -> str:
    """``text`` as a file name a person can read ('2026-11-27 table 3 Alex+Charlie v
    Beth+David.json'): the characters of ``_kept``, no ``..``, no leading or trailing dot or
    space (a hidden file; a name Windows cuts), at most ``NAME_LIMIT`` characters before
    ``suffix``, never empty and never a device name."""
    text = unicodedata.normalize("NFC", text)
    stem = _SPACES.sub(" ", "".join(_kept(ch) for ch in text))
    stem = _DOTS.sub(".", stem)[:NAME_LIMIT].strip(" .")
    if not stem or stem.split(".")[0].upper() in _DEVICES:
        stem = f"game {stem}".strip()
    return stem + suffix


def default_stem(log: GameLog) -> str:
    """The game as its file is named by default: date, table, the players side by side
    ('2026-11-27 table 3 Alex+Charlie v Beth+David')."""
    from ..rules.seats import Variant

    variant = Variant(log.variant)
    sides = " v ".join("+".join(log.players.get(seat.name, seat.name)
                                for seat in variant.members(side))
                       for side in variant.sides)
    event = log.event
    bits = [event.date if event else None,
            f"table {event.table}" if event and event.table else None, sides]
    return " ".join(b for b in bits if b)


def default_file_name(log: GameLog, suffix: str) -> str:
    return readable_file_name(default_stem(log), suffix)


def name_problem(name: str) -> str | None:
    """What is wrong with a file name typed in the save dialog, or None. A typed name is
    the scorekeeper's own, kept as typed, but it names a file in the folder above it:
    never a path (``/``, ``\\``), never ``..``, no control character."""
    if not name.strip():
        return "a file name is needed"
    if "/" in name or "\\" in name:
        return "a file name only, without a folder: the folder goes in the field above"
    if name.strip() in (".", "..") or ".." in name:
        return "a file name cannot contain '..'"
    if any(unicodedata.category(ch).startswith("C") for ch in name):
        return "a file name cannot contain control characters"
    return None


def with_suffix(name: str, suffix: str) -> str:
    """The name typed, with the file's suffix if it was left off."""
    name = name.strip()
    return name if name.lower().endswith(suffix) else name + suffix


def folder_problem(folder: Path) -> str | None:
    """What keeps a file from being saved in ``folder``, or None."""
    if not folder.exists():
        return f"there is no folder {folder}"
    if not folder.is_dir():
        return f"{folder} is a file, not a folder"
    return None


def expand_folder(text: str) -> Path:
    """A folder as typed: ``~`` is the home folder, a relative one is taken from where the
    app was started (and shown resolved, so the scorekeeper sees where it went)."""
    return Path(os.path.expanduser(text.strip())).resolve()


def default_config_file() -> Path:
    from platformdirs import user_config_path

    return user_config_path("scorekeeper", appauthor=False) / "app.json"


@dataclass
class Remembered:
    """What the app remembers between runs: the folder files were last saved in. ``path``
    None: remembered for this run only (a caller that fixes the folder, such as a test)."""

    path: Path | None
    export_folder: Path | None = None

    @classmethod
    def load(cls, path: Path | None) -> Remembered:
        """What ``path`` holds; a missing, unreadable or damaged file is nothing
        remembered (it is only a convenience, never a reason not to start)."""
        if path is None:
            return cls(None)
        try:
            data: Any = json.loads(path.read_text(encoding="utf-8"))
            folder = data.get("export_folder") if isinstance(data, dict) else None
        except (OSError, ValueError):
            folder = None
        return cls(path, Path(folder) if isinstance(folder, str) and folder else None)

    def remember_folder(self, folder: Path) -> str | None:
        """Keep ``folder``; the reason it could not be written to the file, or None."""
        self.export_folder = folder
        if self.path is None:
            return None
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            # Written aside, then moved over: a crash mid-write leaves the old file whole.
            tmp = self.path.with_name(self.path.name + ".tmp")
            tmp.write_text(json.dumps({"export_folder": str(folder)}, ensure_ascii=False)
                           + "\n", encoding="utf-8")
            os.replace(tmp, self.path)
        except OSError as exc:
            return exc.strerror or str(exc)
        return None


def write_new(path: Path, text: str, *, replace: bool) -> None:
    """Write ``text`` to ``path``: a new file only (``FileExistsError`` if one appeared since
    the dialog looked), or over the old one when the scorekeeper said to replace it."""
    with open(path, "w" if replace else "x", encoding="utf-8", newline="\n") as f:
        f.write(text)
