"""The card nights' pages of the published site: a list of the nights, and each night's
results (``event.results.night_results``: the ranks, figures and tie-breaks of
``scorekeeper event results``) with every round's tables, their scores and a link to each
table's score sheet."""

from __future__ import annotations

from dataclasses import dataclass

from ..event.records import EventView, TableView
from ..event.results import RULE_TEXT, NightResults, ResultRow, night_results
from ..event.store import EventStore
from .site_data import FileNames


@dataclass(frozen=True)
class NightRound:
    number: int
    tables: tuple[TableView, ...]
    sitting_out: tuple[str, ...]


@dataclass(frozen=True)
class Night:
    view: EventView
    results: NightResults
    rounds: tuple[NightRound, ...]
    """The started rounds, in order."""
    file: str
    """The page's file name (no folder, no ``.html``)."""

    @property
    def game_ids(self) -> list[str]:
        return [t.game_id for r in self.rounds for t in r.tables if t.game_id is not None]

    @property
    def state(self) -> str:
        """As ``event results`` heads them: final, after round N, or not started."""
        if self.results.complete:
            return "final"
        return f"after round {self.results.rounds}" if self.results.rounds else "not started"


def shared(results: NightResults, row: ResultRow) -> bool:
    """Whether the row's rank is shared (written ``=2``)."""
    return sum(1 for r in results.rows if r.rank == row.rank) > 1


def nights_of(events: EventStore, season: str | None, event_id: str | None) -> list[Night]:
    """The nights to publish, newest first: ``event_id`` alone, or every night of
    ``season`` (every night when None). An unknown ``event_id`` raises
    ``UnknownEventError``."""
    if event_id is not None:
        views = [events.event(event_id)]
    else:
        views = [events.event(e.id) for e in events.events()]
        if season is not None:
            views = [v for v in views if v.season == season]
    files = FileNames()
    for view in sorted(views, key=lambda v: v.id):  # a night's file does not depend on the others' dates
        files.name(view.id)
    nights = []
    for view in views:
        tables = events.all_tables(view.id)
        rounds = tuple(NightRound(n, tuple(tables[n]), events.sitting_out(view.id, n))
                       for n in sorted(tables))
        nights.append(Night(view, night_results(events, view.id), rounds, files.name(view.id)))
    return nights


def table_words(table: TableView) -> str:
    """A table's state in words (the winner's names are shown beside)."""
    return {"finished": "finished", "unfinished": "unfinished: counted as it stands",
            "no_show": f"no-show: {table.absent or 'a side'} did not come",
            "playing": "still playing", "planned": "not started",
            "bye": "bye"}.get(table.status, table.status)


def night_context() -> dict:
    """What the nights' templates call."""
    return {"rule_text": RULE_TEXT, "shared": shared, "table_words": table_words}


__all__ = ["Night", "NightRound", "night_context", "nights_of", "shared", "table_words"]
