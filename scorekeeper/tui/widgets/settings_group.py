"""The house rules of the new-game form, a group at a time (``rules.settings.SETTING_GROUPS``).

Each setting is a row: its name, its input (built from its declaration: a list for choices and
yes/no, a number field otherwise) with the line under it where what is wrong is said, and its
one-line explanation. A group folds away (``SettingsGroup``, a ``Collapsible``) so that the
form stays usable at 80x24 with the whole list; folded, its title says how many of its
settings differ from the docs/rules.md defaults, so a preset's changes show without opening
it. The screen (``screens/new_game.py``) holds the values; a group only shows them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual import events
from textual.containers import Grid, VerticalGroup
from textual.widget import Widget
from textual.widgets import Collapsible, Input, Select
from .plain_text import Label, Static

from ...rules.settings import Setting

YES_NO = ("yes", "no")


def shown_value(value: Any) -> str:
    """A setting's value as its input shows it: yes/no, a number, a choice, '' for none."""
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
        return Select([(o, o) for o in options], allow_blank=False,
                      value=shown_value(rule.default), id=f"rule-{rule.name}", compact=True)
    return Input(shown_value(rule.default), id=f"rule-{rule.name}", restrict=r"-?[0-9]*",
                 compact=True)


def with_error_line(field: Widget) -> VerticalGroup:
    """A field and the line under it where what is wrong with it is said (hidden when empty)."""
    return VerticalGroup(field, Static(id=f"error-{field.id}", classes="field-error"),
                         id=f"field-{field.id}", classes="form-field")


def group_id(group: str) -> str:
    """'Game length' -> 'group-game-length'."""
    return "group-" + group.lower().replace(" ", "-")


def group_title(group: str, settings: int, changed: int) -> str:
    """'Bidding: 7 settings' or 'Scoring: 10 settings, 2 changed'."""
    count = f"{settings} setting{'s' if settings != 1 else ''}"
    return f"{group}: {count}" + (f", {changed} changed" if changed else "")


class SettingsGroup(Collapsible):
    """One group of house rules, folded until opened (Enter on its title, or a click); it
    opens by itself when one of its fields is focused (a refused start points at it)."""

    DEFAULT_CSS = """
    SettingsGroup {
        padding-left: 0;
        padding-bottom: 0;
        background: $background;
    }
    SettingsGroup > Contents {
        padding: 0 0 1 1;
    }
    """

    def __init__(self, group: str, rules: Sequence[Setting]) -> None:
        self.group = group
        self.rules = tuple(rules)
        rows: list[Widget] = []
        for rule in self.rules:
            rows += [Label(rule.name.replace("_", " ")), with_error_line(rule_input(rule)),
                     Static(rule.help, classes="description")]
        super().__init__(Grid(*rows, classes="form rules"), id=group_id(group),
                         title=group_title(group, len(self.rules), 0))

    def show_changed(self, changed: int) -> None:
        """Say in the title how many of the group's settings differ from the defaults."""
        self.title = group_title(self.group, len(self.rules), changed)

    def _on_descendant_focus(self, event: events.DescendantFocus) -> None:
        # A field focused from elsewhere (the refused start, a test) is shown.
        if self.collapsed and event.widget.id and event.widget.id.startswith("rule-"):
            self.collapsed = False
