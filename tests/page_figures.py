"""How the published pages write a standings row's figures (one home for the unit and the
browser tests of the pages, which compare them with ``standings --format json``)."""

from __future__ import annotations


def figures_text(row: dict) -> dict[str, str]:
    """A standings JSON row as the pages write its figures."""
    return {"rank": f"={row['rank']}" if row["shared_rank"] else str(row["rank"]),
            "name": row["name"], "games": str(row["games"]), "wins": str(row["wins"]),
            "losses": str(row["losses"]), "win_pct": f"{row['win_pct']:.1f}",
            "hands": str(row["hands"]), "points_for": str(row["points_for"]),
            "points_against": str(row["points_against"]),
            "points_per_hand": f"{row['points_per_hand']:.2f}",
            "nil": f"{row['nil_made']}/{row['nil_bids']}",
            "blind_nil": f"{row['blind_nil_made']}/{row['blind_nil_bids']}",
            "bags": str(row["bags"]), "bag_penalties": str(row["bag_penalties"]),
            "sets": str(row["sets"]), "rating": f"{row['rating']:.2f}"}
