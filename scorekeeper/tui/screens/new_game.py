"""New game: variant, a name per seat, who deals (or draws) first, the house rules (a preset
first, then every setting with its one-line explanation, in its group), season, date and
table.

The house-rule inputs are built from the settings' declarations (``rules.settings``): a
setting with choices or a yes/no is picked from a list, a number is typed (left empty for an
optional one not in force), and ``RuleSet`` checks the bounds with messages naming the setting.
They are shown a group at a time (``widgets/settings_group.py``: Bidding, Play, Scoring,
Penalties, Game length, each folded until opened, its title counting the settings changed
from the defaults), so that the form stays usable at 80x24.

A field that can be wrong (a name, season, date, table, any setting) has a line under it,
``#error-<field id>``, shown only when it says something: a refused start puts the reason
there (``SetupError.field`` names the input) and moves the focus to that field; editing the
field clears it. Settings that contradict each other (``rules.settings.contradictions``) are
told under the first one named; changing any setting clears that. Nothing typed is lost.

A name field completes from the players in the database; Tab takes the suggestion.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, VerticalScroll
from textual.screen import Screen
from textual.suggester import SuggestFromList
from textual.widget import Widget
from textual.widgets import Button, Input, Select
from ..widgets.plain_text import Label, Static

from ...logs.identifiers import date_problem
from ...rules.settings import (
    HOUSE_RULES,
    PRESET_DESCRIPTIONS,
    PRESETS,
    SETTING_GROUPS,
    RuleSet,
    Setting,
    SettingValue,
    contradictions,
    preset,
)
from ...rules.seats import SEAT_NAMES, Variant
from ...session.game_session import SessionError, SetupError, new_game_log, verify_setup
from ..widgets.footer import KeysFooter
from ..widgets.name_input import NameInput
from ..widgets.settings_group import (
    YES_NO,
    SettingsGroup,
    rule_input,
    rule_options,
    shown_value,
    with_error_line,
)

_shown = shown_value
_GROUPED = {group: [rule for rule in HOUSE_RULES.values() if rule.group == group]
            for group in SETTING_GROUPS}


def rule_value(rule: Setting, text: str) -> SettingValue:
    """The value of a setting as the form shows it; its bounds are ``RuleSet``'s to check."""
    label = rule.name.replace("_", " ")
    if rule.value_type is bool:
        return text == YES_NO[0]
    if rule.choices:
        return text
    if not text:
        if not rule.optional:
            raise SetupError(f"{label}: a number is needed", f"rule-{rule.name}")
        return None
    try:
        return int(text)
    except ValueError:
        raise SetupError(f"{label}: {text!r} is not a number", f"rule-{rule.name}") from None


def rules_from_form(texts: dict[str, str]) -> RuleSet:
    """The house rules from each setting's text in the form (by name)."""
    values = {rule.name: rule_value(rule, texts[rule.name].strip())
              for rule in HOUSE_RULES.values()}
    try:
        return RuleSet(**values)
    except ValueError as exc:
        text = str(exc)
        # RuleSet's messages begin with the setting's name: the field to point at.
        named = next((f"rule-{rule.name}" for rule in HOUSE_RULES.values()
                      if text.startswith(f"{rule.name} ")), None)
        raise SetupError(text.replace("_", " "), named) from None


def refuse_contradictions(rules: RuleSet) -> None:
    """Settings each valid but not together (``rules.settings.contradictions``): a game is
    never scored under them. The first is told; once it is settled, the next (if any)."""
    problems = contradictions(rules)
    if problems:
        raise Contradiction(problems[0].replace("_", " "), f"rule-{first_named(problems[0])}")


class Contradiction(SetupError):
    """Two settings that cannot hold together; the message names both, and is said whole
    under the first (it would make no sense without the setting it begins with)."""


def first_named(text: str) -> str:
    """The setting a message names first (by its position in the message; of two names
    starting there, the longer: 'revoke_penalty_tricks' is not 'revoke_penalty')."""
    found = [(text.find(name), -len(name), name) for name in HOUSE_RULES if name in text]
    return min(found)[2] if found else ""


def under_field(message: str, field: str) -> str:
    """The message as said under its field: without the field's own name in front, which its
    label already shows ('date: ...' under Date, 'target score must ...' under it)."""
    name = field.removeprefix("rule-").replace("_", " ")
    for head in (f"{name}: ", f"{name} "):
        if message.startswith(head) and not field.startswith("name-"):
            return message[len(head):]
    return message


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
                    # Tab takes the name suggested from the database, as a shell does.
                    yield with_error_line(
                        NameInput(id=f"name-{seat}", placeholder="name",
                                  suggester=SuggestFromList(names, case_sensitive=False),
                                  compact=True))
                yield Label("Deals first", id="dealer-label")
                yield Select([(f"{SEAT_NAMES[s.name]} ({s.name})", s.name)
                              for s in Variant.PARTNERSHIP.seats], allow_blank=False,
                             id="dealer", compact=True)
                yield Label("Season")
                yield with_error_line(Input(season or "", id="season", compact=True))
                yield Label("Date")
                yield with_error_line(Input(self.app.today().isoformat(), id="date",
                                            placeholder="YYYY-MM-DD", compact=True))
                yield Label("Table")
                yield with_error_line(Input(id="table", placeholder="as the club names it",
                                            compact=True))
            yield Static("House rules", classes="form-title")
            with Grid(classes="form rules"):
                yield Label("Preset")
                yield Select([(name, name) for name in PRESETS], value="standard",
                             allow_blank=False, id="preset", compact=True)
                yield Static(PRESET_DESCRIPTIONS["standard"], id="preset-description",
                             classes="description")
            # Every input has its error line, a list too: a contradiction is told under the
            # first setting it names.
            for group, rules in _GROUPED.items():
                yield SettingsGroup(group, rules)
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
            self.query_one(f"#field-name-{seat}").display = shown
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
        self._count_changes()

    @on(Input.Changed, ".rules Input")
    @on(Select.Changed, ".rules Select")
    def setting_changed(self) -> None:
        self._count_changes()

    def _count_changes(self) -> None:
        """Each group's title: how many of its settings the form has away from the
        defaults (a preset's changes show without opening the group)."""
        for group in self.query(SettingsGroup):
            group.show_changed(sum(
                str(self.query_one(f"#rule-{rule.name}").value).strip()
                != _shown(rule.default) for rule in group.rules))

    @on(Input.Submitted)
    def next_field(self, event: Input.Submitted) -> None:
        event.stop()
        self.focus_next()

    def _rules(self) -> RuleSet:
        rules = rules_from_form({rule.name: str(self.query_one(f"#rule-{rule.name}").value)
                                 for rule in HOUSE_RULES.values()})
        refuse_contradictions(rules)
        return rules

    def _date(self) -> str | None:
        text = self.query_one("#date", Input).value.strip()
        if not text:
            return None
        problem = date_problem(text)
        if problem:
            raise SetupError(f"date: {problem}", "date")
        return text

    def action_start(self) -> None:
        variant = Variant(str(self.query_one("#variant", Select).value))
        players = {s.name: self.query_one(f"#name-{s.name}", Input).value for s in variant.seats}
        dealer = str(self.query_one("#dealer", Select).value)
        try:
            # In the form's order, so that the first problem told is the topmost one.
            verify_setup(variant, players, dealer)
            date = self._date()
            log = new_game_log(
                variant, players, dealer, rules=self._rules(), date=date,
                season=self.query_one("#season", Input).value.strip() or None,
                table=self.query_one("#table", Input).value.strip() or None)
        except SessionError as exc:
            self._refused(exc)
            return
        self.app.start_game(log)

    def _refused(self, exc: SessionError) -> None:
        """Say why the game cannot start: under the field to blame (focused), and below."""
        for line in self.query(".field-error"):
            self._show_error(line, "")
        message = self.query_one("#message", Static)
        message.update(str(exc))
        field_id = getattr(exc, "field", None)
        fields = list(self.query(f"#{field_id}")) if field_id else []
        if fields:
            lines = list(self.query(f"#error-{field_id}"))
            if lines:
                contradiction = isinstance(exc, Contradiction)
                self._show_error(lines[0], str(exc) if contradiction
                                 else under_field(str(exc), field_id))
                lines[0].set_class(contradiction, "contradiction")
            for group in fields[0].ancestors:
                if isinstance(group, SettingsGroup):
                    group.collapsed = False  # opened, so that the field can be seen
            fields[0].focus()
            # The field and the line under it in view, once the line takes its place.
            shown = fields[0].parent if lines else fields[0]
            self.call_after_refresh(shown.scroll_visible)
        else:
            message.scroll_visible()
        self.notify(str(exc), title="Cannot start yet", severity="error")

    @staticmethod
    def _show_error(line: Widget, text: str) -> None:
        line.update(text)
        line.set_class(bool(text), "-shown")

    @on(Input.Changed)
    @on(Select.Changed)
    def clear_error(self, event: Input.Changed | Select.Changed) -> None:
        """An edited field's error line goes, and with it the message below; a changed
        setting also answers a contradiction told under another setting (either may be the
        one to change)."""
        field = event.input if isinstance(event, Input.Changed) else event.select
        lines = list(self.query(f"#error-{field.id}")) if field.id else []
        if field.id and (field.id.startswith("rule-") or field.id == "preset"):
            lines += [line for line in self.query(".field-error")
                      if line.has_class("contradiction")]
        for line in lines:
            if line.has_class("-shown"):
                self._show_error(line, "")
                self.query_one("#message", Static).update("")

    def action_cancel(self) -> None:
        self.app.pop_screen()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        else:
            self.action_cancel()


# The form's pieces, for the tests and anything that builds a form of the settings.
__all__ = ["YES_NO", "Contradiction", "NewGameScreen", "first_named", "refuse_contradictions",
           "rule_input", "rule_options", "rule_value", "rules_from_form", "under_field",
           "with_error_line"]
