"""The finding codes of the bitmask check as bits: a mask from ``hand_check.check_hand``
stands for a set of ``replay_hand``'s codes (``codes_of``)."""

from __future__ import annotations

#: Every code ``replay_hand`` reports; bit ``i`` of a mask stands for ``CODES[i]``.
CODES: tuple[str, ...] = (
    # impossible records (replay.INVALID_CODES)
    "bid_missing", "bid_duplicated", "bid_seat_invalid", "deal_invalid", "draw_invalid",
    "exchange_invalid", "redraw_invalid", "card_duplicated", "card_not_held",
    "play_out_of_turn", "hand_over", "trick_size", "trick_count", "tricks_won_total",
    "claim_invalid", "result_missing",
    # breaches of the rules and disagreements at the table
    "bid_out_of_turn", "blind_nil_not_allowed", "revoke", "spade_led_unbroken",
    "lead_out_of_turn", "tricks_mismatch",
    # the bidding house rules (rules.bidding)
    "nil_not_allowed", "blind_bid_not_allowed", "bid_below_minimum",
    # the play house rules (trick.first_trick_breach)
    "first_lead_invalid", "spade_on_first_trick",
)
CODE_BITS: dict[str, int] = {code: 1 << i for i, code in enumerate(CODES)}

BID_MISSING = CODE_BITS["bid_missing"]
BID_DUPLICATED = CODE_BITS["bid_duplicated"]
BID_SEAT_INVALID = CODE_BITS["bid_seat_invalid"]
DEAL_INVALID = CODE_BITS["deal_invalid"]
DRAW_INVALID = CODE_BITS["draw_invalid"]
EXCHANGE_INVALID = CODE_BITS["exchange_invalid"]
REDRAW_INVALID = CODE_BITS["redraw_invalid"]
CARD_DUPLICATED = CODE_BITS["card_duplicated"]
CARD_NOT_HELD = CODE_BITS["card_not_held"]
TRICK_SIZE = CODE_BITS["trick_size"]
TRICK_COUNT = CODE_BITS["trick_count"]
TRICKS_WON_TOTAL = CODE_BITS["tricks_won_total"]
CLAIM_INVALID = CODE_BITS["claim_invalid"]
RESULT_MISSING = CODE_BITS["result_missing"]
BID_OUT_OF_TURN = CODE_BITS["bid_out_of_turn"]
BLIND_NIL_NOT_ALLOWED = CODE_BITS["blind_nil_not_allowed"]
REVOKE = CODE_BITS["revoke"]
SPADE_LED_UNBROKEN = CODE_BITS["spade_led_unbroken"]
LEAD_OUT_OF_TURN = CODE_BITS["lead_out_of_turn"]
TRICKS_MISMATCH = CODE_BITS["tricks_mismatch"]

#: The bits of the codes that make a record physically impossible (``validate`` refuses it).
INVALID_MASK = sum(CODE_BITS[c] for c in CODES[:16])
"""(The first 16 codes: ``replay.INVALID_CODES`` of a hand.)"""


def codes_of(mask: int) -> frozenset[str]:
    """The finding codes a mask from :func:`check_hand` stands for."""
    return frozenset(code for i, code in enumerate(CODES) if mask >> i & 1)


__all__ = ["CODES", "CODE_BITS", "INVALID_MASK", "codes_of"]
