"""New game: variant, a name per seat, who deals (or draws) first, the house rules (a preset
and every setting with its one-line explanation), season, date and table.

The house-rule inputs are built from the settings' declarations (``rules.settings``): a
setting with choices or a yes/no is picked from a list, a number is typed (left empty for an
optional one not in force), and ``RuleSet`` checks the bounds with messages naming the setting.
"""

from __future__ import annotations

import datetime
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, VerticalScroll
from textual.screen import Screen
from textual.suggester import SuggestFromList
from textual.widgets import Button, Input, Label, Select, Static

from ...rules.settings import (
    HOUSE_RULES,
    PRESET_DESCRIPTIONS,
    PRESETS,
    RuleSet,
    Setting,
    SettingValue,
    preset,
)
from ...rules.seats import SEAT_NAMES, Variant
from ...session.game_session import SessionError, SetupError, new_game_log
from ..widgets.footer import KeysFooter

YES_NO = ("yes", "no")


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return YES_NO[0] if value else YES_NO[1]
    return "" if value is None else str(value)


def rule_options(rule: Setting) -> tuple[str, ...] | None:
    """What a setting is picked from (its choices, or yes/no); None: it is a typed number."""
    if rule.choices:
        return rule.choices
    if rule.value_type is bool:
        return YES_NO
    return None


def rule_input(rule: Setting) -> Input | Select:
    """A setting's widget, showing its default: a list to pick from, or a number field (left
    empty for an optional setting not in force)."""
    options = rule_options(rule)
    if options is not None:
        return Select([(o, o) for o in options], allow_blank=False, value=_shown(rule.default),
                      id=f"rule-{rule.name}", compact=True)
    return Input(_shown(rule.default), id=f"rule-{rule.name}", restrict=r"-?[0-9]*",
                 compact=True)


def rule_value(rule: Setting, text: str) -> SettingValue:
    """The value of a setting as the form shows it; its bounds are ``RuleSet``'s to check."""
    label = rule.name.replace("_", " ")
    if rule.value_type is bool:
        return text == YES_NO[0]
    if rule.choices:
        return text
    if not text:
        if not rule.optional:
            raise SetupError(f"{label}: a number is needed")
        return None
    try:
        return int(text)
    except ValueError:
        raise SetupError(f"{label}: {text!r} is not a number") from None


def rules_from_form(texts: dict[str, str]) -> RuleSet:
    """The house rules from each setting's text in the form (by name)."""
    values = {rule.name: rule_value(rule, texts[rule.name].strip())
              for rule in HOUSE_RULES.values()}
    try:
        return RuleSet(**values)
    except ValueError as exc:
        raise SetupError(str(exc).replace("_", " ")) from None


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
                for rule in HOUSE_RULES.values():
                    yield Label(rule.name.replace("_", " "))
                    yield rule_input(rule)
                    yield Static(rule.help, classes="description")
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
        for rule in HOUSE_RULES.values():
            self.query_one(f"#rule-{rule.name}").value = _shown(getattr(rules, rule.name))

    @on(Input.Submitted)
    def next_field(self, event: Input.Submitted) -> None:
        event.stop()
        self.focus_next()

    def _rules(self) -> RuleSet:
        return rules_from_form({rule.name: str(self.query_one(f"#rule-{rule.name}").value)
                                for rule in HOUSE_RULES.values()})

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
