"""A new game's log: whatever the log schema would refuse is a ``SetupError`` naming the field
(never pydantic's ValidationError), and names are one player's as ``player_key`` says."""

from __future__ import annotations

import unicodedata

import pytest
from pydantic import ValidationError

from scorekeeper.session import new_game
from scorekeeper.session.game_session import SetupError, new_game_log

FOUR = {"N": "Alex", "E": "Beth", "S": "Charlie", "W": "David"}


@pytest.mark.parametrize("date, said", [
    ("20261127", "date: '20261127' is not a date (write it as YYYY-MM-DD, e.g. '2026-11-27')"),
    ("2026-11-27T10:00", "date: '2026-11-27T10:00' is not a date"),
    ("2026-02-30", "date: '2026-02-30' is not a day of the calendar"),
    ("२०२६-११-२७", "is not a date"),  # digits, but not ASCII ones
])
def test_a_date_that_is_not_a_day_is_a_setup_error(date, said):
    with pytest.raises(SetupError) as refused:
        new_game_log("partnership", FOUR, "N", date=date)
    assert said in str(refused.value) and refused.value.field == "date"
    assert not isinstance(refused.value, ValidationError)


def test_a_good_date_goes_into_the_log():
    log = new_game_log("partnership", FOUR, "N", date="2026-11-27", table="3")
    assert log.event.date == "2026-11-27" and log.event.table == "3"


@pytest.mark.parametrize("players, said, field", [
    ({**FOUR, "S": "ALEX"}, "the same player is at two seats: 'Alex' (N) and 'ALEX' (S)",
     "name-S"),
    ({**FOUR, "E": " alex "}, "the same player is at two seats: 'Alex' (N) and 'alex' (E)",
     "name-E"),
    ({**FOUR, "N": unicodedata.normalize("NFC", "José"),
      "W": unicodedata.normalize("NFD", "josé")}, "'José' (N) and 'jose\u0301' (W)", "name-W"),
    ({"N": "Alex", "E": "alex", "S": "ALEX", "W": "Beth"},
     "the same player is at three seats: 'Alex' (N), 'alex' (E) and 'ALEX' (S)", "name-E"),
])
def test_one_player_at_two_seats_is_refused_naming_the_seats(players, said, field):
    with pytest.raises(SetupError) as refused:
        new_game_log("partnership", players, "N")
    assert said in str(refused.value) and refused.value.field == field


def test_the_other_setup_errors_name_their_field():
    with pytest.raises(SetupError, match="a name is needed for E, W") as refused:
        new_game_log("partnership", {"N": "A", "S": "B"}, "N")
    assert refused.value.field == "name-E"
    with pytest.raises(SetupError, match="E is not a seat of the two_player game") as refused:
        new_game_log("two_player", {"N": "A", "S": "B"}, "E")
    assert refused.value.field == "dealer"
    with pytest.raises(SetupError, match="game id: ") as refused:
        new_game_log("two_player", {"N": "A", "S": "B"}, "N", game_id="../x")
    assert refused.value.field == "game_id"
    assert SetupError("no field").field is None


def test_whatever_the_schema_still_refuses_is_a_setup_error(monkeypatch):
    """The last guard: with the date check out of the way, the schema's own refusal comes
    back as a SetupError that names the field, not as pydantic's error."""
    monkeypatch.setattr(new_game, "date_problem", lambda text: None)
    with pytest.raises(SetupError) as refused:
        new_game_log("partnership", FOUR, "N", date="20261127")
    assert refused.value.field == "date"
    assert str(refused.value).startswith("date: '20261127' is refused: ")
    assert isinstance(refused.value.__context__, ValidationError)
