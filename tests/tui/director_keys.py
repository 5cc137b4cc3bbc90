"""Driving the director's screen through the keyboard, and making card nights to drive."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from textual.pilot import Pilot

from scorekeeper.event.records import EventSpec
from scorekeeper.event.store import EventStore
from scorekeeper.tui.screens.director import DirectorScreen
from scorekeeper.tui.screens.event_list import EventListScreen

NAMES = ("Alex", "Bea", "Carlos", "Dana", "Eve", "Farid", "Gita", "Hugo", "Ines", "Jon",
         "Kemal", "Lena", "Marta", "Nils", "Olga", "Pavel", "Quinn", "Rosa", "Sami", "Tara")
#: Bids of 3 each, and 4 tricks for one seat: its side makes 6 with a bag (61), the other 60.
BIDS = {"N": "3", "E": "3", "S": "3", "W": "3"}


def players(count: int) -> tuple[str, ...]:
    """``count`` distinct names: the twenty above, then numbered ones."""
    return tuple(NAMES[i % len(NAMES)] + (str(i // len(NAMES) + 1) if i >= len(NAMES) else "")
                 for i in range(count))


def make_event(store, count: int, *, rounds: int = 2, hands: int | None = 2,
               name: str = "Club night", start: bool = False,
               minutes: int | None = None) -> tuple[EventStore, str]:
    """An individual card night of ``count`` players over the app's store (its first round
    started if ``start``; ``minutes``: the round's length)."""
    events = EventStore(store)
    event_id = events.create_event(EventSpec(name=name, date="2026-11-27",
                                             movement="individual", players=players(count),
                                             rounds=rounds, hands=hands, minutes=minutes))
    if start:
        events.start_round(event_id)
    return events, event_id


async def until(pilot: Pilot, check: Callable[[], bool], what: str) -> None:
    """Let the app work until ``check()`` holds (no timing: a number of turns)."""
    for _ in range(400):
        if check():
            return
        await pilot.pause()
    raise AssertionError(f"never happened: {what}")


async def open_director(pilot: Pilot) -> DirectorScreen:
    """From the home screen: e, then Enter on the first (newest) event."""
    await pilot.press("e")
    await until(pilot, lambda: isinstance(pilot.app.screen, EventListScreen)
                and pilot.app.screen.is_mounted, "the list of events")
    await pilot.press("enter")
    await until(pilot, lambda: isinstance(pilot.app.screen, DirectorScreen)
                and pilot.app.screen.is_mounted, "the director's screen")
    return pilot.app.screen  # type: ignore[return-value]


async def enter_hand(pilot: Pilot, tricks: Mapping[str, int], *,
                     bids: Mapping[str, str] = BIDS, confirm: bool = True) -> None:
    """The chosen table's hand the quick way: the bids in turn, the counts but the last,
    Enter on Confirm."""
    screen: DirectorScreen = pilot.app.screen  # type: ignore[assignment]
    order = [seat.name for seat in screen.chosen_session.order]
    for seat in order:
        if seat in bids:  # none given: the bids are in already
            await pilot.press(*bids[seat], "enter")
    for seat in order[:-1]:
        await pilot.press(*str(tricks[seat]), "enter")
    if confirm:
        await pilot.press("enter")
    await pilot.pause()


def tricks_for(winner: str) -> dict[str, int]:
    """Counts that give ``winner`` (NS or EW) the extra trick: 61 to 60 on bids of 3."""
    return {"N": 4, "E": 3, "S": 3, "W": 3} if winner == "NS" else \
        {"N": 3, "E": 4, "S": 3, "W": 3}


async def choose_table(pilot: Pilot, table: int) -> None:
    """Step with ] to ``table``."""
    screen: DirectorScreen = pilot.app.screen  # type: ignore[assignment]
    for _ in range(len(screen.rows())):
        if screen.chosen == table:
            return
        await pilot.press("right_square_bracket")
    raise AssertionError(f"no table {table}")


def palette_titles(app) -> list[str]:
    """The titles the command palette lists now ([] when it is not open)."""
    from textual.command import CommandList, CommandPalette

    if not isinstance(app.screen, CommandPalette):
        return []
    options = app.screen.query_one(CommandList)
    return [str(options.get_option_at_index(i).hit.text or "").strip()
            for i in range(options.option_count)]


def shown_standings(screen: DirectorScreen) -> list[tuple[str, ...]]:
    """The standings as the screen shows them: rank, names, won, points, difference."""
    from scorekeeper.tui.widgets.event_standings import EventStandings

    lines = screen.query_one(EventStandings).lines
    # Columns two spaces apart; a pair's names hold single spaces only.
    cells = [[c.strip() for c in line.strip().split("  ") if c.strip()] for line in lines]
    # Without the rounds column where it is shown (the fourth of six).
    return [tuple(c[:2] + c[-3:]) for c in cells]


def expected_standings(results) -> list[tuple[str, ...]]:
    ranks = [r.rank for r in results.rows]
    return [(f"{r.rank}{'=' if ranks.count(r.rank) > 1 else ''}", " & ".join(r.names),
             str(r.games_won), str(r.points), f"{r.points_diff:+d}") for r in results.rows]


def side_points(tables: Sequence) -> dict[str, int]:
    """Each player's points over ``tables`` (TableViews): his side's score at the table,
    summed by hand."""
    points: dict[str, int] = {}
    for t in tables:
        for side in ("NS", "EW"):
            for seat in side:
                name = t.seats[seat]
                points[name] = points.get(name, 0) + t.scores[side]
    return points
