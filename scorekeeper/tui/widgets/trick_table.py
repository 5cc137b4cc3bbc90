"""The table in referee mode: the trick on the table by seat (whose turn it is marked), the
last trick with its winner, and the state of the hand (tricks won against the bids, spades
broken, the suits each seat has shown out of). Renders the ``RefereeView`` it is given."""

from __future__ import annotations

import re
from collections.abc import Mapping

from rich.table import Table
from rich.text import Text
from .plain_text import Static

from ...rules.cards import CARDS, Card
from ...referee.view import RefereeView
from ...rules.seats import Seat, Variant
from .score_sheet import side_style


#: A card as the engine writes it ('2H', 'TS'), standing alone in a sentence.
_CARD = re.compile(r"(?<![\w'])([2-9TJQKA])([CDHS])(?![\w'])")


def cards_pretty(text: str) -> str:
    """A sentence of the referee engine with its cards written as the screen shows them
    ('2H' -> '2♥', 'TS' -> '10♠'), for the app only: the CLI's outputs keep the letters."""
    return _CARD.sub(lambda m: Card.parse(m.group(0)).pretty(), text)


def card_text(c: int) -> Text:
    card = CARDS[c]
    return Text(card.pretty(), style="bold red" if card.suit in (1, 2) else "bold")


def bid_label(bid) -> str:  # noqa: ANN001 - a rules-core Bid
    if bid.tricks == 0:
        return "BN" if bid.blind else "nil"
    return str(bid.tricks)


class TrickTable(Static):
    """The trick on the table, seats where they sit (N at the top; two-player: N and S)."""

    def show(self, view: RefereeView, labels: Mapping[Seat, str],
             sides: Mapping[Seat, int]) -> None:
        played = dict(view.table)

        def seat(s: Seat) -> Text:
            t = Text()
            mark = view.turn == s and not view.is_over
            t.append(f" {labels[s]} ", style=side_style(sides[s]) + (" reverse" if mark else ""))
            t.append(" ")
            if s in played:
                t.append_text(card_text(played[s]))
            else:
                t.append("·" if not mark else "?", style="dim" if not mark else "bold")
            return t

        middle = Text(f"trick {min(view.trick, 13)}", style="dim")
        if view.table and view.leader is not None:
            middle.append(f"\n{view.leader.name} led", style="dim")
        grid = Table.grid(expand=True, padding=(0, 1))
        grid.add_column(ratio=1)
        grid.add_column(ratio=1, justify="center")
        grid.add_column(ratio=1, justify="right")
        if view.variant is Variant.PARTNERSHIP:
            grid.add_row("", seat(Seat.N), "")
            grid.add_row(seat(Seat.W), middle, seat(Seat.E))
            grid.add_row("", seat(Seat.S), "")
        else:
            grid.add_row("", seat(Seat.N), "")
            grid.add_row("", middle, "")
            grid.add_row("", seat(Seat.S), "")
        last = Text()
        t = view.last_trick
        if t is not None:
            last.append(f"Trick {t.trick}: ", style="dim")
            last.append(f"{t.winner.name} won", style=side_style(sides[t.winner]))
            last.append(" ·", style="dim")
            order = view.variant.turn_order(t.leader)
            for s, c in zip(order, t.cards):
                last.append(f" {s.name} ", style="dim")
                last.append_text(card_text(c))
        wrapper = Table.grid(expand=True)
        wrapper.add_column()
        wrapper.add_row(grid)
        wrapper.add_row(last)
        self.update(wrapper)


class HandStatus(Static):
    """Tricks won per seat and side against the bids; spades broken; shown out."""

    def show(self, view: RefereeView, labels: Mapping[Seat, str],
             sides: Mapping[Seat, int]) -> None:
        bids = {b.seat: b for b in view.bids}
        text = Text()
        for i, side in enumerate(view.variant.sides):
            members = view.variant.members(side)
            contract = sum(bids[s].tricks for s in members if s in bids)
            if i:
                text.append("\n")
            text.append(f"{side} {view.side_tricks.get(side, 0)}", style=side_style(i))
            if len(members) == 1:  # two-player: the side is the seat, said once
                bid = bids.get(members[0])
                if bid is not None:
                    text.append(f"/{bid.tricks}" if bid.tricks else f" ({bid_label(bid)})",
                                style="dim")
                continue
            text.append(f"/{contract}" if all(s in bids for s in members) else "", style="dim")
            for s in members:
                text.append(f"  {s.name} {view.tricks_won.get(s, 0)}")
                if s in bids:
                    text.append(f" ({bid_label(bids[s])})", style="dim")
        text.append("\nSpades ")
        text.append("broken" if view.spades_broken else "not broken",
                    style="bold" if view.spades_broken else "dim")
        outs = [(s, suits) for s, suits in view.shown_out.items() if suits]
        text.append("\nShown out: ")
        if not outs:
            text.append("none", style="dim")
        for j, (s, suits) in enumerate(outs):
            text.append(("  " if j else "") + f"{s.name} ")
            text.append("".join(x.symbol for x in suits),
                        style="bold")
        if not view.deal_known:
            text.append("\nDeal not entered: hands rebuilt from the play", style="dim")
        self.update(text)
