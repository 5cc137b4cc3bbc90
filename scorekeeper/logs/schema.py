"""JSON Schemas generated from the models into ``schemas/``.

``python -m scorekeeper.logs.schema`` (or ``scorekeeper schema``) writes them; ``--check`` fails
when the files and the models have drifted apart.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from .event_document import EVENT_SCHEMA_ID, EventDocument
from .models import GameLog

DRAFT = "https://json-schema.org/draft/2020-12/schema"
SCHEMA_DIR = Path("schemas")
"""Relative to the working directory: the project root when run from a checkout."""


def build_schemas() -> dict[str, dict[str, Any]]:
    """File name -> schema, for every document the tool reads or writes."""
    game = GameLog.model_json_schema(by_alias=True, mode="validation")
    game = {"$schema": DRAFT, "$id": "https://scorekeeper.invalid/schemas/spades-game.v1.json",
            "title": "Spades game log (spades-game 1.x)", **{k: v for k, v in game.items()
                                                             if k != "title"}}
    event = EventDocument.model_json_schema(by_alias=True, mode="validation")
    event = {"$schema": DRAFT, "$id": EVENT_SCHEMA_ID,
             "title": "Spades card night (spades-event 1.x)",
             **{k: v for k, v in event.items() if k != "title"}}
    return {"spades-game.v1.json": game, "spades-event.v1.json": event}


def render(schema: dict[str, Any]) -> str:
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def write_schemas(directory: Path = SCHEMA_DIR) -> list[Path]:
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for name, schema in build_schemas().items():
        path = directory / name
        path.write_text(render(schema), encoding="utf-8", newline="\n")
        written.append(path)
    return written


def check_schemas(directory: Path = SCHEMA_DIR) -> list[str]:
    """Names of the schema files that are missing or differ from the models."""
    stale = []
    for name, schema in build_schemas().items():
        path = directory / name
        if not path.exists() or path.read_text(encoding="utf-8") != render(schema):
            stale.append(name)
    return stale


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if "--check" in args:
        stale = check_schemas()
        for name in stale:
            print(f"schemas/{name} is out of date: run 'scorekeeper schema'", file=sys.stderr)
        return 1 if stale else 0
    for path in write_schemas():
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
