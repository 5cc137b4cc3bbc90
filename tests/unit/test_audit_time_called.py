"""The audit says where time was called (log format 1.2, RULES.md section 4, game length):
the text report under that hand, the JSON document as the hand's ``"time_called": true``,
only there, so a document without a time call is what it always was; the bulk audit
(``plain_logs``) and the full audit write the same bytes."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from scorekeeper.audit.batch import audit_json, audit_paths
from scorekeeper.audit.engine import audit_file, audit_report
from scorekeeper.audit.text_report import TIME_CALLED, WIDTH, format_audit
from scorekeeper.logs.random_logs import random_game_log
from scorekeeper.rules.seats import Variant

CARD_BY_CARD = Path(__file__).parents[2] / "examples" / "partnership-card-by-card.json"
SENTENCE = ("Time called during this hand: the game ends after it (the higher score wins; a"
            " tie plays one more hand).")


def game(seed: int, variant: Variant = Variant.PARTNERSHIP) -> dict[str, Any]:
    """A random card-by-card game of at least two hands."""
    rng = random.Random(seed)
    while True:
        log = random_game_log(rng, variant, max_hands=4, nil_rate=0.2, blind_rate=0)
        if len(log["hands"]) >= 2:
            return log


def called_on_last(log: dict[str, Any]) -> dict[str, Any]:
    log["format_version"] = "1.2"
    log["hands"][-1]["time_called"] = True
    return log


def write(directory: Path, name: str, log: dict[str, Any]) -> str:
    path = directory / f"{name}.json"
    path.write_text(json.dumps(log), encoding="utf-8")
    return str(path)


def documents(paths: list[str]) -> tuple[str, str]:
    """The document as the full audit's dicts encode it, and as ``audit_json`` writes it."""
    return json.dumps(audit_report(audit_paths(paths)[0])), audit_json(paths, workers=1).text


def test_the_json_hand_says_time_called_only_where_it_was(tmp_path):
    log = called_on_last(game(1))
    path = write(tmp_path, "called", log)
    full, written = documents([path])
    assert written == full  # the text writer and the dicts agree byte for byte
    hands = json.loads(full)["files"][0]["hands"]
    assert hands[-1]["time_called"] is True
    assert list(hands[-1])[-1] == "time_called"  # last, after the score
    assert all("time_called" not in h for h in hands[:-1])


def test_a_document_without_a_time_call_is_unchanged(tmp_path):
    plain = game(2)
    before = documents([write(tmp_path, "plain", plain)])
    assert before[0] == before[1] and "time_called" not in before[0]
    # "time_called": false is "not called": the document is the one without the field.
    plain["format_version"] = "1.2"
    plain["hands"][0]["time_called"] = False
    after = documents([write(tmp_path, "plain", plain)])
    assert after == before


def test_the_bulk_audit_writes_the_full_audits_bytes(tmp_path):
    paths = []
    for seed in range(6):
        variant = list(Variant)[seed % 2]
        log = game(10 + seed, variant)
        if seed % 3:
            called_on_last(log)
        paths.append(write(tmp_path, f"game {seed}", log))
    full, written = documents(paths)
    assert written == full
    marked = [f["file"] for f in json.loads(full)["files"]
              if any(h.get("time_called") for h in f["hands"])]
    assert marked == [paths[i] for i in range(6) if i % 3]


def test_the_text_report_says_so_under_the_hand(tmp_path):
    log = called_on_last(game(3))
    path = write(tmp_path, "called", log)
    text = format_audit(audit_file(path))
    lines = text.splitlines()
    assert TIME_CALLED == SENTENCE
    # Wrapped in the hand's indentation, after the hand's score, before the final score.
    last = len(log["hands"])
    start = lines.index(next(line for line in lines if line.startswith(f"Hand {last} ")))
    end = lines.index(next(line for line in lines if line.startswith("Final score")))
    said = [i for i, line in enumerate(lines) if line.startswith("  Time called")]
    assert len(said) == 1 and start < said[0] < end
    assert lines[said[0] - 1].startswith("    ")  # the hand's last score row above it
    wrapped = " ".join(line.strip() for line in lines[said[0]:end] if line.strip())
    assert wrapped == SENTENCE
    assert all(len(line) <= WIDTH for line in lines[said[0]:end])
    assert "Time called" not in format_audit(audit_file(write(tmp_path, "plain", game(3))))


def test_the_example_with_time_called_mid_game(tmp_path):
    """The one-hand example with time called on its hand: the report and the document say
    it once, and the game's result is that hand's."""
    log = json.loads(CARD_BY_CARD.read_text(encoding="utf-8"))
    called_on_last(log)
    path = write(tmp_path, "example", log)
    audit = audit_file(path)
    assert format_audit(audit).count("Time called during this hand") == 1
    document = json.loads(documents([path])[1])
    assert [h.get("time_called") for h in document["files"][0]["hands"]] == [True]
