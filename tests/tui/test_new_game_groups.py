"""The new-game form at 80x24 with the whole list of house rules: the preset first, then the
settings in their groups (Bidding, Play, Scoring, Penalties, Game length), each folded with a
title counting its settings changed from the defaults; a group opens with Enter on its title,
and by itself when a refused start points at one of its fields."""

from __future__ import annotations

from textual.widgets import Input
from tui_keys import choose, type_text

from scorekeeper.rules.settings import HOUSE_RULES, PRESETS, SETTING_GROUPS
from scorekeeper.tui.screens.game import GameScreen
from scorekeeper.tui.screens.new_game import NewGameScreen
from scorekeeper.tui.widgets.settings_group import SettingsGroup, group_id

SMALL = (80, 24)
FOUR = {"N": "Alex", "E": "Beth", "S": "Charlie", "W": "David"}


async def until(pilot, condition, what: str, tries: int = 50) -> None:
    for _ in range(tries):
        if condition():
            return
        await pilot.pause()
    raise AssertionError(f"still not {what}")


async def open_form(pilot) -> NewGameScreen:
    await pilot.press("n")
    await until(pilot, lambda: isinstance(pilot.app.screen, NewGameScreen), "on the form")
    return pilot.app.screen


def titles(screen: NewGameScreen) -> list[str]:
    return [str(g.title) for g in screen.query(SettingsGroup)]


async def test_the_settings_are_in_their_groups_folded_after_the_preset(make_app):
    app = make_app()
    async with app.run_test(size=SMALL) as pilot:
        screen = await open_form(pilot)
        groups = list(screen.query(SettingsGroup))
        assert [g.group for g in groups] == list(SETTING_GROUPS)
        assert all(g.collapsed for g in groups)
        assert titles(screen) == ["Bidding: 7 settings", "Play: 2 settings",
                                  "Scoring: 10 settings", "Penalties: 3 settings",
                                  "Game length: 5 settings"]
        # Every setting is in its declared group, and the preset comes before them all.
        for rule in HOUSE_RULES.values():
            field = screen.query_one(f"#rule-{rule.name}")
            assert screen.query_one(f"#{group_id(rule.group)}") in field.ancestors
        preset = screen.query_one("#preset")
        assert preset.region.y < groups[0].region.y
        # Folded, the preset and every group's title are on one screen at 80x24 (the form's
        # top scrolled away) once the last title has the focus.
        last = groups[-1].query_one("CollapsibleTitle")
        last.focus()
        await until(pilot, lambda: last.region.bottom <= 23, "the last title in view")
        assert preset.region.y >= 0
        assert all(0 <= g.query_one("CollapsibleTitle").region.y < 23 for g in groups)


async def test_a_preset_shows_its_changes_in_the_group_titles(make_app):
    app = make_app()
    async with app.run_test(size=SMALL) as pilot:
        screen = await open_form(pilot)
        await choose(pilot, "#preset", list(PRESETS).index("board-4"))
        await until(pilot, lambda: "Bidding: 7 settings, 1 changed" in titles(screen),
                    "the Bidding title counting the minimum")
        await choose(pilot, "#preset", list(PRESETS).index("ten-for-two-hundred"))
        # big_contract_value 200 is the default: one setting changed, not two.
        await until(pilot, lambda: "Scoring: 10 settings, 1 changed" in titles(screen),
                    "the Scoring title counting the big contract")
        assert "Bidding: 7 settings" in titles(screen)


async def test_enter_on_a_title_opens_the_group_and_its_fields_are_reached_by_tab(make_app):
    app = make_app()
    async with app.run_test(size=SMALL) as pilot:
        screen = await open_form(pilot)
        group = screen.query_one("#group-game-length", SettingsGroup)
        screen.query_one("#preset").focus()
        for _ in range(10):  # Tab from the preset to the Game length title
            if group.query_one("CollapsibleTitle").has_focus:
                break
            await pilot.press("tab")
        await pilot.press("enter")
        await until(pilot, lambda: not group.collapsed, "the group open")
        await pilot.press("tab")
        target = screen.query_one("#rule-target_score", Input)
        await until(pilot, lambda: app.focused is target, "the target score focused")
        await pilot.press("end", "ctrl+u")
        await type_text(pilot, "300")
        await until(pilot, lambda: "Game length: 5 settings, 1 changed" in titles(screen),
                    "the title counting the change")


async def test_a_refused_setting_in_a_folded_group_opens_it_with_the_focus_there(make_app,
                                                                                 store):
    app = make_app()
    async with app.run_test(size=SMALL) as pilot:
        screen = await open_form(pilot)
        for seat, name in FOUR.items():
            screen.query_one(f"#name-{seat}", Input).focus()
            await type_text(pilot, name)
        group = screen.query_one("#group-game-length", SettingsGroup)
        target = screen.query_one("#rule-target_score", Input)
        target.value = "0"  # as if typed, then the group folded again
        group.collapsed = True
        await pilot.pause()
        await pilot.press("ctrl+s")
        await until(pilot, lambda: not group.collapsed and app.focused is target,
                    "the group open at the refused field")
        await until(pilot, lambda: 0 <= target.region.y < 23, "the field in view")
        assert store.games() == []
        target.focus()
        await pilot.press("end", "ctrl+u")
        await type_text(pilot, "300")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game started")
        assert app.screen.session.rules.target_score == 300
