"""The audit library on the hand-made logs of examples/audit (one per finding code)."""

import json
from pathlib import Path

import pytest

from scorekeeper.audit.engine import NoSuchHand, audit_game, audit_report
from scorekeeper.audit.text_report import format_audit
from scorekeeper.analysis.game import analyse_game
from scorekeeper.logs.files import log_from_data, read_log

EXAMPLES = Path(__file__).parents[2] / "examples" / "audit"

EXPECTED = {
    "revoke-later-play.json": ["revoke"],
    "revoke-ruled.json": ["revoke"],
    "blind-bid-not-allowed.json": ["blind_bid_not_allowed"],
    "revoke-deal.json": ["revoke"],
    "spade-led-unbroken.json": ["spade_led_unbroken"],
    "lead-out-of-turn.json": ["lead_out_of_turn"],
    "bid-out-of-turn.json": ["bid_out_of_turn"],
    "dealer-out-of-rotation.json": ["dealer_out_of_rotation"],
    "card-not-held.json": ["card_not_held", "card_not_held"],
    "exchange-invalid.json": ["exchange_invalid"],
    "blind-nil-not-allowed.json": ["blind_nil_not_allowed"],
    "tricks-mismatch.json": ["tricks_mismatch"],
    "score-mismatch.json": ["score_mismatch"],
    "claim-good.json": [],
    "claim-refuted.json": ["claim_refuted"],
    "claim-unverifiable.json": ["claim_unverifiable"],
    "nil-claim-refuted.json": ["nil_claim_refuted"],
    "nil-claim-good.json": [],
}


def audit(name, data=None, hand=None):
    log = read_log(EXAMPLES / name) if data is None else log_from_data(data)
    return audit_game(analyse_game(log), name, hand)


def test_every_example_is_listed():
    assert sorted(p.name for p in EXAMPLES.glob("*.json")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_example_gives_exactly_its_findings(name):
    a = audit(name)
    assert [f.code for f in a.findings] == EXPECTED[name]
    for f in a.findings:
        assert f.file == name and f.hand is not None and f.message


def test_revoke_proven_by_later_play_names_both_places():
    # W showed out of diamonds at trick 4 with JS; KD at trick 10 proves it. (The wording:
    # test_replay.py::test_revoke_proven_by_a_later_play and test_cli_audit.py.)
    (f,) = audit("revoke-later-play.json").findings
    assert (f.code, f.hand, f.trick, str(f.seat), str(f.card)) == ("revoke", 1, 4, "W", "JS")
    assert f.evidence["led_suit"] == "D"
    assert f.evidence["held"] == {"card": "KD", "trick": 10, "source": "play"}


def test_revoke_proven_by_the_deal():
    # W showed out of spades at trick 9 with QH; the deal shows he held JS. (The wording:
    # test_replay.py::test_revoke_proven_by_the_recorded_deal.)
    (f,) = audit("revoke-deal.json").findings
    assert (f.code, f.hand, f.trick, str(f.seat), str(f.card)) == ("revoke", 1, 9, "W", "QH")
    assert f.evidence["led_suit"] == "S"
    assert f.evidence["held"] == {"card": "JS", "trick": None, "source": "deal",
                                  "cards": ["4S", "JS"]}


def test_a_revoke_moves_three_tricks_in_the_corrected_score():
    a = audit("revoke-later-play.json")
    h = a.hands[0]
    assert {str(s): n for s, n in h.replay.tricks_won.items()} == {"N": 3, "E": 6, "S": 1, "W": 3}
    assert {str(s): n for s, n in h.penalties.tricks_won.items()} == {"N": 6, "E": 3, "S": 1,
                                                                      "W": 3}
    # NS bid 5: set as played (-50), made with the penalty tricks (50 + 2 bags).
    assert h.played.sides["NS"].points == -50 and h.corrected.sides["NS"].points == 52
    assert a.corrected.final["EW"].score == 60


def test_set_penalty_from_the_logs_rules():
    data = json.loads((EXAMPLES / "revoke-later-play.json").read_text())
    data["rules"] = {"revoke_penalty": "set"}
    h = audit("x", data).hands[0]
    assert h.penalties.set_sides == {"EW"}
    # EW bid 6 and won 9: as played 63; set: -60 and no bags.
    assert (h.played.sides["EW"].points, h.corrected.sides["EW"].points) == (63, -60)


def test_a_good_claim_is_no_finding_but_has_a_verdict():
    c = audit("claim-good.json").hands[0].claim
    assert c.status == "good" and c.best >= c.claimed and not c.defence


def test_a_refuted_claim_shows_a_defence_that_beats_it():
    a = audit("claim-refuted.json")
    c = a.hands[0].claim
    assert (c.status, c.claimed, c.best, c.accepted) == ("refuted", 2, 1, False)
    (f,) = a.findings
    # The defence is a line of whole tricks from trick 10 in which NS take fewer than 2.
    tricks = f.evidence["defence"]
    assert tricks[0]["trick"] == 10 and all(len(t["cards"]) == 4 for t in tricks)
    ns = sum(t["winner"] in ("N", "S") for t in tricks)
    assert ns + 4 - len(tricks) < 2
    assert f.evidence["best"] == 1


def test_nil_claims():
    bad = audit("nil-claim-refuted.json")
    (f,) = bad.findings
    assert str(f.seat) == "S" and f.evidence["defence"][-1]["winner"] == "S"
    good = audit("nil-claim-good.json").hands[0].claim
    assert [(str(n.seat), n.safe) for n in good.nils] == [("S", True)]


def test_claim_without_the_deal_cannot_be_checked():
    (f,) = audit("claim-unverifiable.json").findings
    assert "the deal was not recorded" in f.message


def test_score_mismatch_gives_the_right_figures():
    (f,) = audit("score-mismatch.json").findings
    assert f.hand == 2
    assert f.evidence == {"recorded": {"NS": 121, "EW": 113}, "correct": {"NS": 1, "EW": 113}}


def test_only_one_hand():
    a = audit("dealer-out-of-rotation.json", hand=1)
    assert len(a.hands) == 1 and a.findings == []
    assert [f.hand for f in audit("dealer-out-of-rotation.json", hand=2).findings] == [2]
    with pytest.raises(NoSuchHand, match="there is no hand 3"):
        audit("dealer-out-of-rotation.json", hand=3)


def test_json_report_contract():
    report = audit_report([audit("revoke-later-play.json"), audit("claim-good.json")])
    assert report["hands_audited"] == 2
    (f,) = report["findings"]
    assert set(f) == {"file", "hand", "trick", "seat", "card", "code", "message", "evidence"}
    assert (f["file"], f["hand"], f["trick"], f["seat"], f["card"], f["code"]) == (
        "revoke-later-play.json", 1, 4, "W", "JS", "revoke")
    hand = report["files"][0]["hands"][0]
    assert hand["tricks_won"]["corrected"] == {"N": 6, "E": 3, "S": 1, "W": 3}
    assert hand["penalties"][0]["tricks_moved"] == 3
    assert report["files"][1]["hands"][0]["claim"]["verdict"] == "good"
    json.dumps(report)


def test_table_fits_80_columns():
    for name in EXPECTED:
        text = format_audit(audit(name))
        assert max(len(line) for line in text.splitlines()) <= 80, name
