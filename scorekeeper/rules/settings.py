"""House rules as data: a ``RuleSet`` is every setting a game is scored under.

The defaults are docs/rules.md. Scoring, replay and audit take a whole ``RuleSet`` and read only
the fields they need, so callers never change when a setting is added.

Each setting is declared once, as a field of ``RuleSet``: its type is the annotation (a whole
number, a yes/no, a choice as a ``Literal``, ``| None`` where "no value" is a setting of its
own), and :func:`setting` gives its default, bounds and one-line description. Everything else
that knows the settings is built from :data:`HOUSE_RULES`, read off these declarations:
``RuleSet``'s own checks, the log model and its JSON Schema (``logs.models``), the trusted
reader (``logs.game_part``), the new-game form and the tests' strategies. Adding a setting is
its declaration here, the one place that honours it, and its tests
(``tests/unit/test_settings_declared_once.py`` fails while anything does not know it).
"""

from __future__ import annotations

import types
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints

FailedNilTricks = Literal["bags", "help_partner", "ignored"]
RevokePenalty = Literal["tricks", "set", "set_and_credit"]
BagsRule = Literal["penalty", "points_only", "off"]
SpadesLead = Literal["when_broken", "any_time"]
FirstTrick = Literal["free", "two_of_clubs", "lowest_club"]

SettingValue = int | bool | str | None

POINTS_LIMIT = 1_000_000_000
"""No number of points or bags in a game goes beyond this, either way: a setting, a score
carried in or written down. Far beyond any game played, it keeps every running score of even
a million-hand log inside a 64-bit integer (the season database's), and it bounds the work a
number can ask for."""


@dataclass(frozen=True, slots=True)
class Setting:
    """One house rule, as its ``RuleSet`` field declares it."""

    name: str
    value_type: type
    """``int``, ``bool`` or ``str`` (a text setting always has ``choices``)."""
    default: SettingValue
    """The docs/rules.md value; ``None`` only for an optional setting."""
    description: str
    """One line, for help screens and the schema (without the default)."""
    least: int | None = None
    greatest: int | None = None
    choices: tuple[str, ...] = ()
    when_none: str | None = None
    detail: str | None = None
    """What the one line leaves out, for the log format's documentation (the JSON Schema):
    what each choice means, when the rule is checked."""
    """For an optional setting: what no value means (e.g. 'no mercy rule')."""
    group: str | None = None
    """Which of :data:`SETTING_GROUPS` it belongs to: the new-game form shows it there."""

    @property
    def optional(self) -> bool:
        """Whether ``None`` is a value of its own (the rule not in force); it is the default."""
        return self.default is None

    @property
    def help(self) -> str:
        """The line a help screen or form shows next to the setting."""
        if self.optional:
            return f"{self.description.removesuffix('.')} (empty: {self.when_none})."
        return self.description

    def bounds_text(self) -> str:
        """The allowed whole numbers in words: '1 or more', '0 to 13', 'any' for no bounds."""
        if self.least is not None and self.greatest is not None:
            return f"{self.least:,} to {self.greatest:,}"
        if self.least is not None:
            return f"{self.least:,} or more"
        if self.greatest is not None:
            return f"{self.greatest:,} or less"
        return "any"

    def check(self, value: Any) -> None:
        """Raise ``ValueError``, naming the setting, unless ``value`` is one it may take."""
        if value is None and self.optional:
            return
        if self.choices:
            if type(value) is not str or value not in self.choices:
                raise ValueError(f"{self.name} must be one of {', '.join(self.choices)},"
                                 f" not {value!r}")
        elif self.value_type is bool:
            if type(value) is not bool:
                raise ValueError(f"{self.name} must be True or False, not {value!r}")
        elif not isinstance(value, int) or isinstance(value, bool):
            empty = " or None" if self.optional else ""
            raise ValueError(f"{self.name} must be a whole number{empty}, not {value!r}")
        elif ((self.least is not None and value < self.least)
              or (self.greatest is not None and value > self.greatest)):
            raise ValueError(f"{self.name} must be {self.bounds_text()}, not {value}")


_DECLARATION = "house_rule"
"""The ``dataclasses.field`` metadata key under which :func:`setting` keeps a declaration."""


SETTING_GROUPS = ("Bidding", "Play", "Scoring", "Penalties", "Game length")
"""The groups the settings are shown in (the new-game form, in this order): what they are
about, as RULES.md §4 groups them; "Game length" is everything that ends a game."""


def setting(default: SettingValue, description: str, *, least: int | None = None,
            greatest: int | None = None, when_none: str | None = None,
            detail: str | None = None, group: str | None = None) -> Any:
    """Declare a ``RuleSet`` field as a house rule (its type is the field's annotation), in
    one of :data:`SETTING_GROUPS`."""
    declared = {"default": default, "description": description, "least": least,
                "greatest": greatest, "when_none": when_none, "detail": detail,
                "group": group}
    return field(default=default, metadata={_DECLARATION: declared})


@dataclass(frozen=True, slots=True)
class RuleSet:
    """Every house rule a game is scored under; the defaults are docs/rules.md."""

    nil_allowed: bool = setting(True, "Whether Nil may be bid at all (Blind Nil too).",
                                group="Bidding")
    allow_blind_nil: bool = setting(True, "Whether Blind Nil may be bid.", group="Bidding")
    nil_passing: int = setting(
        0, "Cards a lone Nil bidder and his partner exchange after the bidding, each way"
        " (partnership; 0: none).", least=0, greatest=3,
        detail="As the Blind Nil exchange, at the same time; none when both partners bid Nil.",
        group="Bidding")
    blind_nil_min_deficit: int | None = setting(
        None, "Blind Nil only for a side trailing by at least this many points.", least=0,
        greatest=POINTS_LIMIT, when_none="always", group="Bidding")
    min_side_bid: int | None = setting(
        None, "The least a side may bid (partnership): both partners Nil are exempt; with one"
        " Nil the partner's bid alone.", least=1, greatest=13, when_none="no minimum",
        detail="The side's second bidder must bid enough to reach it; in a log a side below it"
        " is a finding (bid_below_minimum), scored as bid.", group="Bidding")
    blind_bid_min: int | None = setting(
        None, "Blind bids of a number (bid before looking): the least such a bid may be; the"
        " side's contract then scores double.", least=1, greatest=13,
        when_none="no blind bids", detail="Only for a side trailing by blind_bid_min_deficit;"
        " 20 a contracted trick made, -20 set; bags as usual; no cards exchanged.", group="Bidding")
    blind_bid_min_deficit: int = setting(
        100, "Blind bids only for a side trailing by at least this many points.", least=0,
        greatest=POINTS_LIMIT, group="Bidding")
    spades_lead: SpadesLead = setting(
        "when_broken", "When spades may be led: when_broken (once a spade has been played, or"
        " the leader holds only spades) or any_time.", group="Play")
    first_trick: FirstTrick = setting(
        "free", "The first trick's lead: free, two_of_clubs (its holder leads it) or"
        " lowest_club (the player after the dealer leads his lowest club).",
        detail="In both club forms a player who cannot follow clubs to the first trick may"
        " not play a spade unless he holds only spades. Partnership only: a two-player game"
        " is played 'free'.", group="Play")
    bag_limit: int = setting(10, "Accumulated bags that trigger the bag penalty.", least=1,
                             greatest=POINTS_LIMIT, group="Scoring")
    bag_penalty: int = setting(100, "Points lost each time the bag limit is reached.", least=0,
                               greatest=POINTS_LIMIT, group="Scoring")
    """The limit is taken off the bag count each time (a penalty of 0 still takes it off)."""
    nil_bonus: int = setting(100, "Points won (made) or lost (failed) for a Nil.", least=0,
                             greatest=POINTS_LIMIT, group="Scoring")
    blind_nil_bonus: int = setting(200, "Points won (made) or lost (failed) for a Blind Nil.",
                                   least=0, greatest=POINTS_LIMIT, group="Scoring")
    failed_nil_tricks: FailedNilTricks = setting(
        "bags", "A Nil bidder's tricks: bags, help_partner (count toward the partner's bid) or"
        " ignored.",
        detail="'bags': bags for the side, never toward the partner's bid; 'help_partner':"
        " toward the partner's bid, and bags beyond it; 'ignored': neither.", group="Scoring")
    bags: BagsRule = setting(
        "penalty", "Overtricks: penalty (1 point each, the bag limit and penalty), points_only"
        " (1 point each, never penalised) or off (nothing, not counted).",
        detail="'penalty': each bag scores 1 and bag_limit bags cost bag_penalty;"
        " 'points_only': each bag scores 1 and bags are never penalised; 'off': overtricks"
        " score nothing and are not counted.", group="Scoring")
    big_contract_min: int | None = setting(
        None, "A contract of at least this many tricks is big: it scores big_contract_value"
        " made and loses it set.", least=1, greatest=13, when_none="no big contracts",
        group="Scoring")
    big_contract_value: int = setting(200, "What a big contract scores made (and loses set),"
                                      " instead of 10 a trick.", least=0, greatest=POINTS_LIMIT,
                                      group="Scoring")
    all_thirteen_wins: bool = setting(False, "A side that bids 13 and takes all 13 wins the game"
                                      " at once.", group="Scoring")
    both_nil_as_one: bool = setting(
        False, "Both partners Nil: the side scores the two values if neither takes a trick and"
        " loses them if either does; its tricks count for nothing.", group="Scoring")
    revoke_penalty: RevokePenalty = setting(
        "tricks", "A proven revoke: tricks (move tricks to the other side), set, or"
        " set_and_credit.",
        detail="'tricks' moves tricks from the offending side to the other;"
        " 'set' sets the offending side for the hand; 'set_and_credit' also credits the other"
        " side its contract exactly (no bags).", group="Penalties")
    revoke_penalty_tricks: int = setting(3, "Tricks moved for a proven revoke.", least=0,
                                         greatest=13, group="Penalties")
    """Never more than the offending side won from the revoke trick on."""
    second_revoke_forfeits: bool = setting(
        False, "A side's second penalised revoke in a game loses it, at the end of that hand.",
        group="Penalties")
    target_score: int = setting(500, "Points a side needs to win the game.", least=1,
                                greatest=POINTS_LIMIT, group="Game length")
    """A side that reaches this score (or more) after a hand wins; both: the higher wins."""
    mercy_score: int | None = setting(None, "A side at or below this score loses.",
                                      least=-POINTS_LIMIT, greatest=POINTS_LIMIT,
                                      when_none="no mercy rule",
                                      detail="Checked after each hand.", group="Game length")
    set_limit_in_row: int | None = setting(
        None, "A side set in this many hands in a row loses the game.", least=1,
        greatest=POINTS_LIMIT, when_none="no limit", detail="Checked after the hand is scored,"
        " before the target.", group="Game length")
    set_limit_in_game: int | None = setting(
        None, "A side set in this many hands of the game loses it.", least=1,
        greatest=POINTS_LIMIT, when_none="no limit", detail="Checked after the hand is scored,"
        " before the target.", group="Game length")
    hand_limit: int | None = setting(
        None, "After this many hands the higher score wins (a tie plays one more hand at a"
        " time).", least=1, greatest=POINTS_LIMIT, when_none="no limit",
        detail="The target still ends the game earlier.", group="Game length")

    def __post_init__(self) -> None:
        for rule in _CHECKED:
            rule.check(getattr(self, rule.name))

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def changes(self) -> dict[str, Any]:
        """The settings that differ from docs/rules.md, as a log's ``rules`` object keeps them."""
        default = DEFAULT_RULES
        return {f.name: getattr(self, f.name) for f in fields(self)
                if getattr(self, f.name) != getattr(default, f.name)}

    def with_changes(self, **changes: Any) -> RuleSet:
        return replace(self, **changes)

    @staticmethod
    def describe(name: str) -> str:
        """The one-line explanation of a setting, for help screens."""
        return RULE_DESCRIPTIONS[name]


def declared_settings(cls: type) -> dict[str, Setting]:
    """Every field of the dataclass ``cls`` (``RuleSet``) as a :class:`Setting`, in field
    order. A declaration that the log model, the reader or the form could not honour raises
    ``TypeError`` here, at import, rather than surprising one of them later."""
    hints = get_type_hints(cls)
    out: dict[str, Setting] = {}
    where = cls.__name__
    for f in fields(cls):
        declared = f.metadata.get(_DECLARATION)
        if declared is None:
            raise TypeError(f"{where}.{f.name} is not declared with setting(...)")
        hint, optional = hints[f.name], False
        if get_origin(hint) in (Union, types.UnionType) and type(None) in get_args(hint):
            rest = [a for a in get_args(hint) if a is not type(None)]
            if len(rest) != 1:
                raise TypeError(f"{where}.{f.name}: one type or None, not {hint}")
            hint, optional = rest[0], True
        choices: tuple[str, ...] = ()
        if get_origin(hint) is Literal:
            choices, value_type = tuple(get_args(hint)), str
            if not all(type(c) is str for c in choices):
                raise TypeError(f"{where}.{f.name}: choices are texts")
        elif hint in (int, bool):
            value_type = hint
        else:
            raise TypeError(f"{where}.{f.name}: a setting is int, bool or a Literal of texts,"
                            f" not {hint}")
        rule = Setting(f.name, value_type, choices=choices, **declared)
        if rule.group is not None and rule.group not in SETTING_GROUPS:
            raise TypeError(f"{where}.{f.name}: the group {rule.group!r} is not one of"
                            f" {', '.join(SETTING_GROUPS)}")
        if optional != rule.optional or optional != (rule.when_none is not None):
            raise TypeError(f"{where}.{f.name}: an optional setting (int | None) has the"
                            " default None and says what None means (when_none)")
        if value_type is not int and (optional or rule.least is not None
                                      or rule.greatest is not None):
            raise TypeError(f"{where}.{f.name}: only a whole number has bounds or may be None")
        rule.check(rule.default)
        out[f.name] = rule
    return out


HOUSE_RULES: Mapping[str, Setting] = types.MappingProxyType(declared_settings(RuleSet))
"""Every house rule by name, in ``RuleSet``'s field order: the declarations the rest is built
from."""
_CHECKED = tuple(HOUSE_RULES.values())

DEFAULT_RULES = RuleSet()

RULE_DESCRIPTIONS: dict[str, str] = {rule.name: rule.help for rule in HOUSE_RULES.values()}
"""Each setting's one-line explanation, for help screens (see :attr:`Setting.help`)."""

# The choices under their own names, for callers that list them.
FAILED_NIL_TRICKS: tuple[str, ...] = HOUSE_RULES["failed_nil_tricks"].choices
REVOKE_PENALTIES: tuple[str, ...] = HOUSE_RULES["revoke_penalty"].choices


PARTNERSHIP_ONLY = ("min_side_bid", "nil_passing", "both_nil_as_one", "first_trick")
"""Settings that only a partnership game has (a side of two, partners who exchange, a first
lead after the dealer's left): a two-player game refuses them away from their defaults."""


def not_for_variant(rules: RuleSet, variant: str) -> list[str]:
    """The settings of ``rules`` a ``variant`` game cannot be played under, each named."""
    if variant != "two_player":
        return []
    return [f"{name} {getattr(rules, name)!r} is a partnership rule; a two-player game plays"
            f" without it" for name in PARTNERSHIP_ONLY
            if getattr(rules, name) != HOUSE_RULES[name].default]


def contradictions(rules: RuleSet) -> list[str]:
    """Settings of ``rules`` that cannot hold together, each naming both (a game is never
    scored under them: the form refuses them and ``validate`` reports ``rules_contradict``).
    A setting merely unused (a bag penalty with bags off) is no contradiction."""
    out = []
    if rules.nil_passing and not rules.nil_allowed:
        out.append(f"nil_passing {rules.nil_passing} with nil_allowed false: no Nil to pass"
                   " for")
    if rules.mercy_score is not None and rules.mercy_score >= rules.target_score:
        out.append(f"mercy_score {rules.mercy_score} is not below target_score"
                   f" {rules.target_score}: a side would both win and lose")
    return out

#: Named house-rule presets a club can start from; each is a set of changes from docs/rules.md.
PRESETS: dict[str, dict[str, Any]] = {
    "standard": {},
    "short-300": {"target_score": 300},
    "long-1000": {"target_score": 1000},
    "nil-50": {"nil_bonus": 50, "blind_nil_bonus": 100},
    "nil-helps-partner": {"failed_nil_tricks": "help_partner"},
    "no-blind-nil": {"allow_blind_nil": False},
    "mercy-minus-200": {"mercy_score": -200},
    "board-4": {"min_side_bid": 4},
    "ten-for-two-hundred": {"big_contract_min": 10, "big_contract_value": 200},
    "two-of-clubs": {"first_trick": "two_of_clubs"},
}

PRESET_DESCRIPTIONS: dict[str, str] = {
    "standard": "docs/rules.md as written: 500 to win, 10 bags -100, Nil 100, Blind Nil 200.",
    "short-300": "A quick game to 300.",
    "long-1000": "A long game to 1000.",
    "nil-50": "Nil 50, Blind Nil 100.",
    "nil-helps-partner": "A Nil bidder's tricks count toward the partner's bid.",
    "no-blind-nil": "Blind Nil is not allowed.",
    "mercy-minus-200": "A side at -200 or below loses.",
    "board-4": "A side bids at least 4 (\"board\"), as RULES.md §4 describes.",
    "ten-for-two-hundred": "A contract of 10 or more scores 200 made, -200 set (\"10 for"
                           " 200\", RULES.md §4).",
    "two-of-clubs": "The holder of the two of clubs leads it to the first trick (RULES.md §4).",
}


def rules_with_preset(preset_name: str | None, changes: Mapping[str, Any]) -> RuleSet:
    """A log's ``rules``: the named preset's changes, then the settings written beside it
    (which win). A setting written as None (a log's explicit null) is the docs/rules.md
    default whatever the preset says: so a preset's optional setting can be set back to none
    (``{"preset": "mercy-minus-200", "mercy_score": null}``: no mercy rule). Raises
    ``ValueError`` for an unknown preset."""
    base = {} if preset_name is None else dict(PRESETS[preset_name]) if (
        preset_name in PRESETS) else None
    if base is None:
        raise ValueError(f"no house-rule preset {preset_name!r} (known: {', '.join(PRESETS)})")
    merged = {**base, **changes}
    return DEFAULT_RULES.with_changes(**{
        name: HOUSE_RULES[name].default if value is None else value
        for name, value in merged.items()})


def preset(name: str) -> RuleSet:
    if name not in PRESETS:
        raise ValueError(f"no house-rule preset {name!r} (known: {', '.join(PRESETS)})")
    return replace(DEFAULT_RULES, **PRESETS[name])
