"""Hypothesis strategies for text in (or near) the advisor's position notation, shared by the fuzz tests
of the notation (tests/games/scorecard/test_fuzz_position.py) and of the CLI (tests/cli/test_fuzz_cli.py)."""

from __future__ import annotations

from hypothesis import strategies as st

from dicepoker.games import SCORECARD_GAMES, find_game
from dicepoker.games.scorecard.position import FIELDS

BOX_NAMES = sorted({name for game in SCORECARD_GAMES for name in find_game(game).box_names})

numbers = st.one_of(
    st.integers(-70, 130).map(str),
    st.integers().map(str),
    st.sampled_from(["0", "-0", "+3", "\u22126", "007", "1e3", "1.5", "٣", "๒", "²", "１", "9" * 4301]),
    st.integers(1, 6000).map(lambda n: "9" * n),
    st.integers(1, 6000).map(lambda n: "0" * n + "1"),
)
box_names = st.one_of(
    st.sampled_from(BOX_NAMES),
    st.sampled_from(BOX_NAMES).map(str.upper),
    st.sampled_from(BOX_NAMES).map(lambda b: b.replace(" ", "")),
    st.sampled_from(BOX_NAMES).map(lambda b: b.lower().replace(" ", "_")),
    st.text(max_size=8),
)
scores = st.one_of(numbers, st.sampled_from(["filled", "x", "X", "FILLED", "", "yes"]), st.text(max_size=4))
box_items = st.builds(
    lambda name, sep, score: f"{name}{sep}{score}",
    box_names,
    st.sampled_from([" ", "=", ":", "", "  "]),
    scores,
)
values = {
    "filled": st.lists(box_items, max_size=14).map(", ".join),
    "upper": numbers,
    "poker50": st.sampled_from(["yes", "no", "y", "n", "true", "0", "1", "maybe", ""]),
    "dice": st.one_of(
        st.text(alphabet="0123456789-, ", max_size=9),
        st.sampled_from(["66666", "12345", "11122", "6-6-6-1-2"]),
        st.text(max_size=6),
    ),
    "rolls": numbers,
    "bonus": st.one_of(numbers, st.sampled_from(["100", "200", "300", "50"])),
}
field_names = st.one_of(st.sampled_from(FIELDS), st.sampled_from(FIELDS).map(str.upper), st.text(max_size=6))
# each field's likely value or a wild one, built once: a strategy made anew at every draw is validated
# anew, which took most of the fuzz tests' time
likely_or_wild = {name: strategy | st.text(max_size=6) for name, strategy in values.items()}
unknown_or_wild = st.text(max_size=8) | st.text(max_size=6)
field_count = st.integers(0, 7)
separators = st.sampled_from([": ", ":", "=", " ", " : "])
joiners = st.sampled_from(["; ", ";", " ; ", ";;"])


@st.composite
def positions(draw) -> str:
    """Text in (or near) the notation: known and unknown fields, each with a likely or a wild value."""
    parts = []
    for _ in range(draw(field_count)):
        name = draw(field_names)
        value = draw(likely_or_wild.get(name.lower(), unknown_or_wild))
        parts.append(f"{name}{draw(separators)}{value}")
    return draw(joiners).join(parts)
