"""Seats, sides, dealer rotation and who acts first, in both variants (docs/rules.md 2 and 3)."""

import pytest

from scorekeeper.rules.seats import Seat, Variant

P, T = Variant.PARTNERSHIP, Variant.TWO_PLAYER
N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


def test_partnership_seats_clockwise_and_sides():
    assert P.seats == (N, E, S, W)
    assert P.sides == ("NS", "EW")
    assert P.n_cards == 52
    assert [P.next_seat(s) for s in (N, E, S, W)] == [E, S, W, N]
    assert [s.left for s in (N, E, S, W)] == [E, S, W, N]
    assert [s.partner for s in (N, E, S, W)] == [S, W, N, E]
    assert [P.side_of(s) for s in (N, E, S, W)] == ["NS", "EW", "NS", "EW"]
    assert P.members("NS") == (N, S)
    assert P.members("EW") == (E, W)


def test_two_player_seats_and_sides():
    assert T.seats == (N, S)
    assert T.sides == ("N", "S")
    assert T.n_seats == 2
    assert T.n_cards == 26
    assert T.next_seat(N) == S and T.next_seat(S) == N
    assert T.side_of(N) == "N" and T.side_of(S) == "S"
    assert T.members("S") == (S,)


def test_members_of_a_foreign_side_is_an_error():
    with pytest.raises(ValueError, match="not a side of the two_player game: 'NS'"):
        T.members("NS")
    with pytest.raises(ValueError, match="not a side of the partnership game: 'N'"):
        P.members("N")


def test_bidding_and_play_start_left_of_the_dealer():
    # docs/rules.md: "Alex (N) bids 4, Beth (E) 3, ... (David dealt)": West deals, North starts.
    assert P.first_to_act(W) == N
    assert P.turn_order(P.first_to_act(W)) == (N, E, S, W)
    assert P.turn_order(P.first_to_act(N)) == (E, S, W, N)
    assert P.turn_order(S) == (S, W, N, E)


def test_dealer_passes_to_the_left():
    dealers = [W]
    for _ in range(4):
        dealers.append(P.next_dealer(dealers[-1]))
    assert dealers == [W, N, E, S, W]


def test_two_player_second_player_bids_and_leads_first():
    # The log's dealer is the player who draws first; the other player bids and leads.
    assert T.first_to_act(N) == S
    assert T.first_to_act(S) == N
    assert T.turn_order(T.first_to_act(N)) == (S, N)


def test_two_player_second_player_draws_first_next_hand():
    assert T.next_dealer(N) == S
    assert T.next_dealer(S) == N


@pytest.mark.parametrize(("text", "seat"), [("N", N), ("n", N), ("north", N), ("West", W),
                                            (" e ", E), ("SOUTH", S)])
def test_seat_parse(text, seat):
    assert Seat.parse(text) is seat


def test_seat_parse_error_quotes_the_input():
    with pytest.raises(ValueError, match=r"not a seat: 'X' \(expected N, E, S or W\)"):
        Seat.parse("X")


def test_text_forms():
    assert str(N) == "N"
    assert str(T) == "two_player"
    assert Variant("partnership") is P


def test_every_seat_is_truthy_north_included():
    # Seat.N is 0 as an int; code that asks `if turn:` must still see North.
    assert all(bool(s) for s in Seat)
    assert (Seat.N or None) is Seat.N
    assert Seat.N == 0 and Seat.N + 1 == 1  # still an int for tables and masks
