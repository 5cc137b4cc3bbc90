"""House rules as data: a ``RuleSet`` is every setting a game is scored under.

The defaults are RULES.md. Scoring, replay and audit take a whole ``RuleSet`` and read only
the fields they need, so a new setting (a mercy rule, a minimum bid, a big-bid bonus) is one
new field with a default and one place that honours it; no caller changes.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any, Literal

FailedNilTricks = Literal["bags", "help_partner", "ignored"]
RevokePenalty = Literal["tricks", "set"]

FAILED_NIL_TRICKS: tuple[str, ...] = ("bags", "help_partner", "ignored")
REVOKE_PENALTIES: tuple[str, ...] = ("tricks", "set")


@dataclass(frozen=True, slots=True)
class RuleSet:
    target_score: int = 500
    """A side that reaches this score (or more) after a hand wins; both: the higher wins."""
    bag_limit: int = 10
    """Each time a side's accumulated bags reach this many, it loses ``bag_penalty``."""
    bag_penalty: int = 100
    """Points lost each time the bag count reaches ``bag_limit`` (the limit is taken off)."""
    nil_bonus: int = 100
    """Points won for a Nil made, lost for a Nil failed."""
    blind_nil_bonus: int = 200
    """Points won for a Blind Nil made, lost for a Blind Nil failed."""
    failed_nil_tricks: FailedNilTricks = "bags"
    """Tricks won by a Nil bidder: 'bags' (bags for the side, never toward the partner's bid),
    'help_partner' (toward the partner's bid, and bags beyond it) or 'ignored' (neither)."""
    allow_blind_nil: bool = True
    """Whether a Blind Nil may be bid at all."""
    blind_nil_min_deficit: int | None = None
    """If set, a Blind Nil may be bid only by a side trailing by at least this many points."""
    mercy_score: int | None = None
    """If set, a side whose score is at or below this after a hand loses the game."""
    revoke_penalty: RevokePenalty = "tricks"
    """A proven revoke: 'tricks' moves tricks to the other side; 'set' sets the offending side."""
    revoke_penalty_tricks: int = 3
    """With revoke_penalty 'tricks': how many tricks move (never more than the offending side
    won from the revoke trick on)."""

    def __post_init__(self) -> None:
        if self.failed_nil_tricks not in FAILED_NIL_TRICKS:
            raise ValueError(
                f"failed_nil_tricks must be one of {', '.join(FAILED_NIL_TRICKS)},"
                f" not {self.failed_nil_tricks!r}"
            )
        if self.revoke_penalty not in REVOKE_PENALTIES:
            raise ValueError(
                f"revoke_penalty must be one of {', '.join(REVOKE_PENALTIES)},"
                f" not {self.revoke_penalty!r}"
            )
        if self.bag_limit < 1:
            raise ValueError(f"bag_limit must be 1 or more, not {self.bag_limit}")
        if self.target_score < 1:
            raise ValueError(f"target_score must be 1 or more, not {self.target_score}")

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def changes(self) -> dict[str, Any]:
        """The settings that differ from RULES.md, as a log's ``rules`` object keeps them."""
        default = DEFAULT_RULES
        return {f.name: getattr(self, f.name) for f in fields(self)
                if getattr(self, f.name) != getattr(default, f.name)}

    def with_changes(self, **changes: Any) -> RuleSet:
        return replace(self, **changes)

    @staticmethod
    def describe(name: str) -> str:
        """The one-line explanation of a setting (its docstring above), for help screens."""
        return RULE_DESCRIPTIONS[name]


DEFAULT_RULES = RuleSet()

RULE_DESCRIPTIONS: dict[str, str] = {
    "target_score": "Points a side needs to win the game.",
    "bag_limit": "Accumulated bags that trigger the bag penalty.",
    "bag_penalty": "Points lost each time the bag limit is reached.",
    "nil_bonus": "Points won (made) or lost (failed) for a Nil.",
    "blind_nil_bonus": "Points won (made) or lost (failed) for a Blind Nil.",
    "failed_nil_tricks": "A Nil bidder's tricks: bags, help_partner (count toward the partner's"
    " bid) or ignored.",
    "allow_blind_nil": "Whether Blind Nil may be bid.",
    "blind_nil_min_deficit": "Blind Nil only for a side trailing by at least this many points"
    " (empty: always).",
    "mercy_score": "A side at or below this score loses (empty: no mercy rule).",
    "revoke_penalty": "A proven revoke: tricks (move tricks to the other side) or set.",
    "revoke_penalty_tricks": "Tricks moved for a proven revoke.",
}

#: Named house-rule presets a club can start from; each is a set of changes from RULES.md.
PRESETS: dict[str, dict[str, Any]] = {
    "standard": {},
    "short-300": {"target_score": 300},
    "long-1000": {"target_score": 1000},
    "nil-50": {"nil_bonus": 50, "blind_nil_bonus": 100},
    "nil-helps-partner": {"failed_nil_tricks": "help_partner"},
    "no-blind-nil": {"allow_blind_nil": False},
    "mercy-minus-200": {"mercy_score": -200},
}

PRESET_DESCRIPTIONS: dict[str, str] = {
    "standard": "RULES.md as written: 500 to win, 10 bags -100, Nil 100, Blind Nil 200.",
    "short-300": "A quick game to 300.",
    "long-1000": "A long game to 1000.",
    "nil-50": "Nil 50, Blind Nil 100.",
    "nil-helps-partner": "A Nil bidder's tricks count toward the partner's bid.",
    "no-blind-nil": "Blind Nil is not allowed.",
    "mercy-minus-200": "A side at -200 or below loses.",
}


def preset(name: str) -> RuleSet:
    if name not in PRESETS:
        raise ValueError(f"no house-rule preset {name!r} (known: {', '.join(PRESETS)})")
    return replace(DEFAULT_RULES, **PRESETS[name])
