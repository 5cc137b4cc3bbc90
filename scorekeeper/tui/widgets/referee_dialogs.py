"""The referee's dialogs: the deal, a Blind Nil redraw and a claim. Each is a ``LinesModal``
that turns the typed lines into the entry and checks it with the ``verify`` handed down (the
hand's own ``verify_x``), so a refused entry is explained in the dialog, which stays open.
Each is dismissed with the entry, or None on Escape; the screen then enters it."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ...rules.seats import Seat
from .lines_modal import Line, LinesModal
from .trick_table import cards_pretty

#: A redraw as the dialog gives it: who redraws, the cards discarded, the cards drawn.
Redraw = tuple[Seat, list[str], list[str]]
#: A claim as the dialog gives it: who claims, each seat's share of the tricks, accepted.
Claim = tuple[Seat, dict[Seat, int], bool]


def _cards_shown(check: Callable[[dict[str, str]], Any]) -> Callable[[dict[str, str]], Any]:
    """``check``, its refusals with the cards written as the screen shows them (2♥)."""

    def checked(values: dict[str, str]) -> Any:
        try:
            return check(values)
        except ValueError as exc:
            raise ValueError(cards_pretty(str(exc))) from exc

    return checked


def deal_dialog(seats: Sequence[Seat], labels: Mapping[Seat, str],
                verify: Callable[[dict[str, str]], None], *, two_player: bool) -> LinesModal:
    """Each seat's 13 cards on a line; dismissed with the lines by seat name."""

    def check(values: dict[str, str]) -> dict[str, str]:
        verify(values)
        return values

    note = ("Each seat's 13 cards on one line, e.g. 'as kd 10h 2c ...'." +
            (" Two-player: the 13 cards each player kept in the draw." if two_player else ""))
    return LinesModal("The deal", [Line(s.name, labels[s], placeholder="13 cards")
                                   for s in seats], _cards_shown(check), note=note)


def redraw_dialog(first: Seat, verify: Callable[[Seat, list[str], list[str]], None]
                  ) -> LinesModal:
    """Who redraws (``first`` offered), the cards discarded and the cards drawn."""

    def check(values: dict[str, str]) -> Redraw:
        entry = (Seat.parse(values["seat"]), values["discarded"].split(),
                 values["drawn"].split())
        verify(*entry)
        return entry

    return LinesModal("Blind Nil redraw", [
        Line("seat", "Who redraws", first.name),
        Line("discarded", "Discarded", placeholder="up to 3 cards"),
        Line("drawn", "Drawn", placeholder="as many cards")], _cards_shown(check))


def claim_dialog(seats: Sequence[Seat], claimer: Seat, left: int,
                 verify: Callable[[Seat, dict[Seat, int], bool], None]) -> LinesModal:
    """Who claims, each seat's share of the ``left`` tricks (all to ``claimer`` offered),
    and whether the other side accepts."""

    def check(values: dict[str, str]) -> Claim:
        seat = Seat.parse(values["seat"])
        shares = {}
        for s in seats:
            raw = values[s.name].strip() or "0"
            if not raw.isdigit():
                raise ValueError(f"{s}'s tricks: {raw!r} is not a number")
            shares[s] = int(raw)
        answer = values["accepted"].strip().lower()
        if answer not in ("y", "n", "yes", "no"):
            raise ValueError("accepted: y if the other side accepts the claim, n if disputed")
        accepted = answer.startswith("y")
        verify(seat, shares, accepted)
        return seat, shares, accepted

    lines = [Line("seat", "Who claims", claimer.name)]
    lines += [Line(s.name, f"Tricks to {s.name}", str(left if s == claimer else 0))
              for s in seats]
    lines.append(Line("accepted", "Accepted (y/n)", "y"))
    return LinesModal(
        f"Claim ({left} trick{'s' if left != 1 else ''} left, the one on the table included)",
        lines, _cards_shown(check))
