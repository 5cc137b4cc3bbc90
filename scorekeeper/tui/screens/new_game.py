"""New game: variant, a name per seat, who deals (or draws) first, the house rules (a preset
and every setting with its one-line explanation), season, date and table."""

from __future__ import annotations

import datetime
from dataclasses import fields
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, VerticalScroll
from textual.screen import Screen
from textual.suggester import SuggestFromList
from textual.widgets import Button, Input, Label, Select, Static

from ...rules.settings import (
    DEFAULT_RULES,
    FAILED_NIL_TRICKS,
    PRESET_DESCRIPTIONS,
    PRESETS,
    REVOKE_PENALTIES,
    RULE_DESCRIPTIONS,
    RuleSet,
    preset,
)
from ...rules.seats import SEAT_NAMES, Variant
from ...session.game_session import SessionError, SetupError, new_game_log
from ..widgets.footer import KeysFooter

#: Settings chosen from a list rather than typed.
CHOICES: dict[str, tuple[str, ...]] = {
    "failed_nil_tricks": FAILED_NIL_TRICKS,
    "revoke_penalty": REVOKE_PENALTIES,
    "allow_blind_nil": ("yes", "no"),
}


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return "" if value is None else str(value)


class NewGameScreen(Screen):
    BINDINGS = [Binding("ctrl+s", "start", "Start game"), Binding("escape", "cancel", "Cancel")]

    def compose(self) -> ComposeResult:
        names = self.app.store.player_names()
        games = self.app.store.games()
        season = next((g.season for g in games if g.season), "")
        with VerticalScroll(id="new-game"):
            yield Static("New game", classes="form-title")
            with Grid(classes="form"):
                yield Label("Game")
                yield Select([("Partnership (4 players)", "partnership"),
                              ("Two-player", "two_player")], value="partnership",
                             allow_blank=False, id="variant", compact=True)
                for seat, long in SEAT_NAMES.items():
                    yield Label(f"{long} ({seat})", id=f"label-{seat}")
                    yield Input(id=f"name-{seat}", placeholder="name",
                                suggester=SuggestFromList(names, case_sensitive=False),
                                compact=True)
                yield Label("Deals first", id="dealer-label")
                yield Select([(f"{SEAT_NAMES[s.name]} ({s.name})", s.name)
                              for s in Variant.PARTNERSHIP.seats], allow_blank=False,
                             id="dealer", compact=True)
                yield Label("Season")
                yield Input(season or "", id="season", compact=True)
                yield Label("Date")
                yield Input(self.app.today().isoformat(), id="date", placeholder="YYYY-MM-DD",
                            compact=True)
                yield Label("Table")
                yield Input(id="table", placeholder="as the club names it", compact=True)
            yield Static("House rules", classes="form-title")
            with Grid(classes="form rules"):
                yield Label("Preset")
                yield Select([(name, name) for name in PRESETS], value="standard",
                             allow_blank=False, id="preset", compact=True)
                yield Static(PRESET_DESCRIPTIONS["standard"], id="preset-description",
                             classes="description")
                for f in fields(RuleSet):
                    yield Label(f.name.replace("_", " "))
                    default = getattr(DEFAULT_RULES, f.name)
                    if f.name in CHOICES:
                        yield Select([(c, c) for c in CHOICES[f.name]], allow_blank=False,
                                     value=_shown(default), id=f"rule-{f.name}", compact=True)
                    else:
                        yield Input(_shown(default), id=f"rule-{f.name}",
                                    restrict=r"-?[0-9]*", compact=True)
                    yield Static(RULE_DESCRIPTIONS[f.name], classes="description")
            yield Static(id="message", classes="message error")
            with Horizontal(classes="buttons"):
                yield Button("Start game (ctrl+s)", id="start", variant="primary")
                yield Button("Cancel (Esc)", id="cancel")
        yield KeysFooter()

    def on_mount(self) -> None:
        self._set_variant(Variant.PARTNERSHIP)
        self.query_one("#name-N", Input).focus()

    def _set_variant(self, variant: Variant) -> None:
        for seat in ("E", "W"):
            shown = variant is Variant.PARTNERSHIP
            self.query_one(f"#label-{seat}").display = shown
            self.query_one(f"#name-{seat}").display = shown
        self.query_one("#dealer-label", Label).update(
            "Draws first" if variant is Variant.TWO_PLAYER else "Deals first")
        dealer = self.query_one("#dealer", Select)
        dealer.set_options([(f"{SEAT_NAMES[s.name]} ({s.name})", s.name) for s in variant.seats])
        dealer.value = variant.seats[0].name

    @on(Select.Changed, "#variant")
    def variant_changed(self, event: Select.Changed) -> None:
        self._set_variant(Variant(str(event.value)))

    @on(Select.Changed, "#preset")
    def preset_changed(self, event: Select.Changed) -> None:
        name = str(event.value)
        self.query_one("#preset-description", Static).update(PRESET_DESCRIPTIONS[name])
        rules = preset(name)
        for f in fields(RuleSet):
            widget = self.query_one(f"#rule-{f.name}")
            value = _shown(getattr(rules, f.name))
            if isinstance(widget, Select):
                widget.value = value
            else:
                widget.value = value

    @on(Input.Submitted)
    def next_field(self, event: Input.Submitted) -> None:
        event.stop()
        self.focus_next()

    def _rules(self) -> RuleSet:
        values: dict[str, Any] = {}
        for f in fields(RuleSet):
            widget = self.query_one(f"#rule-{f.name}")
            text = str(widget.value).strip()
            default = getattr(DEFAULT_RULES, f.name)
            if f.name == "allow_blind_nil":
                values[f.name] = text == "yes"
            elif f.name in CHOICES:
                values[f.name] = text
            elif not text:
                if default is not None:
                    raise SetupError(f"{f.name.replace('_', ' ')}: a number is needed")
                values[f.name] = None
            else:
                try:
                    values[f.name] = int(text)
                except ValueError:
                    raise SetupError(f"{f.name.replace('_', ' ')}: {text!r} is not a"
                                     " number") from None
        try:
            return RuleSet(**values)
        except ValueError as exc:
            raise SetupError(str(exc).replace("_", " ")) from None

    def _date(self) -> str | None:
        text = self.query_one("#date", Input).value.strip()
        if not text:
            return None
        try:
            datetime.date.fromisoformat(text)
        except ValueError:
            raise SetupError(f"date {text!r} is not a day written YYYY-MM-DD") from None
        return text

    def action_start(self) -> None:
        variant = Variant(str(self.query_one("#variant", Select).value))
        players = {s.name: self.query_one(f"#name-{s.name}", Input).value for s in variant.seats}
        try:
            log = new_game_log(
                variant, players, str(self.query_one("#dealer", Select).value),
                rules=self._rules(), date=self._date(),
                season=self.query_one("#season", Input).value.strip() or None,
                table=self.query_one("#table", Input).value.strip() or None)
        except SessionError as exc:
            message = self.query_one("#message", Static)
            message.update(str(exc))
            message.scroll_visible()
            self.notify(str(exc), title="Cannot start yet", severity="error")
            return
        self.app.start_game(log)

    def action_cancel(self) -> None:
        self.app.pop_screen()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        else:
            self.action_cancel()
