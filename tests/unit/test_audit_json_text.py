"""The JSON audit's text is written straight from the audits, not encoded from
``audit_report``'s dicts: it must be exactly ``json.dumps(audit_report(...))``, on the audit
examples (claims, penalties, every finding) and on random games with reneges, written scores
and house rules (revokes penalised by tricks and by setting the side)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

# tests/unit is on sys.path (pytest's rootdir import mode):
from test_audit_random import play_with_breaches

from scorekeeper.audit.batch import audit_paths
from scorekeeper.audit.engine import audit_report
from scorekeeper.audit.batch import audit_json
from scorekeeper.rules.settings import DEFAULT_RULES
from scorekeeper.rules.seats import Variant
from scorekeeper.logs.random_logs import random_game_log

EXAMPLES = sorted(str(p) for p in (Path(__file__).parents[2] / "examples" / "audit").glob("*.json"))


def random_logs(directory: Path, n: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    rulesets = [DEFAULT_RULES, DEFAULT_RULES.with_changes(revoke_penalty="set"),
                DEFAULT_RULES.with_changes(failed_nil_tricks="help_partner", bag_limit=5)]
    paths = []
    for i in range(n):
        v = list(Variant)[i % 2]
        log = random_game_log(rng, v, rules=rulesets[i % 3], max_hands=6, nil_rate=0.2,
                              blind_rate=0.05)
        for h in log["hands"]:
            if rng.random() < 0.4:
                h["recorded"] = {s: rng.choice([0, 10, -20]) for s in v.sides}
        for _ in range(2):
            hand, _ = play_with_breaches(rng, v, 0.1)
            if rng.random() < 0.5:
                del hand["deal"]
            log["hands"].insert(rng.randrange(len(log["hands"]) + 1), hand)
        path = directory / f"log \"{i}\".json"  # a name json.dumps must escape
        path.write_text(json.dumps(log))
        paths.append(str(path))
    return paths


@pytest.mark.parametrize("only_hand", [None, 2])
def test_the_text_is_json_dumps_of_the_report(tmp_path, only_hand):
    paths = EXAMPLES + random_logs(tmp_path, 8, 3)
    audits, _ = audit_paths(paths, only_hand)
    report = audit_report(audits)
    if only_hand is None:  # (most examples have one hand)
        assert any(h["penalties"] for f in report["files"] for h in f["hands"])
        assert any(h["claim"] for f in report["files"] for h in f["hands"])
    run = audit_json(paths, only_hand, workers=1)
    assert run.text == json.dumps(report)
    assert run.findings == len(report["findings"])
