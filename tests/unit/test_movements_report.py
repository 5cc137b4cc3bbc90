"""The meeting report of a movement: who partnered, opposed and sat out how often, and its
printable table."""

from scorekeeper.event.movements import RoundPlan, individual_movement, meeting_report, table_plan

ROUNDS = (
    RoundPlan(1, (table_plan(1, "Ann", "Bob", "Cy", "Di"),), ("Ed",)),
    RoundPlan(2, (table_plan(1, "Ed", "Ann", "Bob", "Cy"),), ("Di",)),
)


def test_counts():
    """Round 1: Ann-Cy against Bob-Di; round 2: Ed-Bob against Ann-Cy."""
    report = meeting_report(ROUNDS)
    assert report.players == ("Ann", "Bob", "Cy", "Di", "Ed")
    assert report.partner_count("Cy", "Ann") == report.partners[("Ann", "Cy")] == 2
    assert report.partner_count("Bob", "Di") == report.partner_count("Ed", "Bob") == 1
    assert sum(report.partners.values()) == 4
    assert report.opponent_count("Ann", "Bob") == report.opponent_count("Bob", "Cy") == 2
    assert [report.opponent_count(*pair) for pair in
            (("Ann", "Di"), ("Cy", "Di"), ("Ed", "Ann"), ("Ed", "Cy"))] == [1, 1, 1, 1]
    assert report.opponent_count("Ann", "Cy") == 0
    assert sum(report.opponents.values()) == 8
    assert report.sat_out == {"Ann": 0, "Bob": 0, "Cy": 0, "Di": 1, "Ed": 1}
    assert report.played == {"Ann": 2, "Bob": 2, "Cy": 2, "Di": 1, "Ed": 1}
    assert len(report.partners) == len(report.opponents) == 10  # every pair, 0 included


def test_printable_table():
    assert meeting_report(ROUNDS).render_table() == """\
  #  player  played  out  partners  opponents
  1  Ann          2    0       0-2        0-2
  2  Bob          2    0       0-1        0-2
  3  Cy           2    0       0-2        0-2
  4  Di           1    1       0-1        0-1
  5  Ed           1    1       0-1        0-1

times as partners:
              1  2  3  4  5
  1  Ann      .  0  2  0  0
  2  Bob      0  .  0  1  1
  3  Cy       2  0  .  0  0
  4  Di       0  1  0  .  0
  5  Ed       0  1  0  0  .

times as opponents:
              1  2  3  4  5
  1  Ann      .  2  0  1  1
  2  Bob      2  .  2  0  0
  3  Cy       0  2  .  1  1
  4  Di       1  0  1  .  0
  5  Ed       1  0  1  0  .
"""


def test_players_in_natural_order():
    """Players are listed as a director reads them: P2 before P10."""
    report = meeting_report(individual_movement([f"P{n}" for n in range(1, 13)]).rounds)
    assert report.players == tuple(f"P{n}" for n in range(1, 13))
