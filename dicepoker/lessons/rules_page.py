"""The rules of the four games as a Markdown page, in any language of the kit (``docs/rules*.md``).

The tables and every number come from the rule sets' data (boxes and their scores, bonuses, the
joker, the bluff ranking, the board's layout and its labels), so the page cannot drift from the
code; the sentences around them are catalog messages, translated like the rest of the kit.
``python -m dicepoker rules --markdown --lang ro`` prints the Romanian page, and a test checks
that the committed pages are what this module writes today.

>>> page = rules_markdown("ro")
>>> "| Două perechi |" in page and "35 de puncte" in page
True
>>> rules_path("uk").name, rules_path("en").name
('rules.uk.md', 'rules.md')
"""

from __future__ import annotations

from pathlib import Path

from dicepoker.core.i18n import (
    SOURCE_LANGUAGE,
    _,
    available_languages,
    display_name,
    fill_message,
    format_message,
    language_name,
    ngettext,
)
from dicepoker.games import find_game
from dicepoker.games.bluff.categories import BLUFF_CATEGORIES
from dicepoker.games.bluff.rules import BluffRules
from dicepoker.games.board.labels import BOARD_LABELS, label_kind
from dicepoker.games.board.rules import BoardRules
from dicepoker.games.scorecard.rules import Box, JokerRule, Need, Points, ScorecardRules

DOCS_DIR = Path(__file__).resolve().parents[2] / "docs"
# the scorecard games in the page's order (a test checks they are every scorecard game)
SCORECARD_SECTIONS = ("classic", "yahtzee", "yatzy", "two_part")


def rules_path(lang: str) -> Path:
    """Where the page of ``lang`` is kept: ``docs/rules.md`` for English, ``docs/rules.LANG.md`` else."""
    return DOCS_DIR / ("rules.md" if lang == SOURCE_LANGUAGE else f"rules.{lang}.md")


def rules_markdown(lang: str = SOURCE_LANGUAGE) -> str:
    """The whole rules page of the four games in ``lang``."""
    parts = [
        "# " + _("The rules of the four games", lang),
        _languages_line(lang),
        _(
            "This page is generated from the rule sets of the dicepoker package: every table and "
            "every number below is read from the code that plays the games, so it cannot drift "
            "from them.",
            lang,
        ),
        _(
            "Every game is played with five six-sided dice. A turn has up to three rolls; before "
            "the second and the third roll the player keeps any of the dice and rolls the others "
            "again, or stops early. A move the rules do not allow is refused with a message that "
            "names the rule, and the game stays exactly as it was.",
            lang,
        ),
    ]
    for game in SCORECARD_SECTIONS:
        level = "##" if game in ("classic", "two_part") else "###"  # the presets sit under classic
        parts += _scorecard_section(find_game(game), game, lang, level=level)
    parts += _bluff_section(find_game("bluff"), lang)
    parts += _board_section(find_game("board"), lang)
    return "\n\n".join(part.rstrip() for part in parts) + "\n"


def _languages_line(lang: str) -> str:
    links = []
    for other in available_languages():
        name = language_name(other)
        links.append(f"**{name}**" if other == lang else f"[{name}]({rules_path(other).name})")
    return " · ".join(links)


# --- the scorecard games ------------------------------------------------------------------------
def _scorecard_section(rules: ScorecardRules, key: str, lang: str, level: str = "##") -> list[str]:
    title = display_name("game title", rules.title, lang)
    parts = [f"{level} {title} (`{key}`)"]
    intros = {
        "classic": _(
            "The game lasts as many rounds as the scorecard has boxes: in each round every player "
            "takes one turn and then fills exactly one empty box. A result can't be skipped: when "
            "the dice fit no box, the player writes 0 in a box of their choice.",
            lang,
        ),
        "yahtzee": _(
            "The official Yahtzee rules, for comparing with published results: the same engine "
            "with other data.",
            lang,
        ),
        "yatzy": _("The Scandinavian game: the combinations score only the dice that make them.", lang),
        "two_part": _(
            "A paper game in two parts, played in order. In part 1 each round is played for one "
            "face, against a par of three dice; in part 2 for one combination, and a combination "
            "that stands after the first roll of the turn scores double.",
            lang,
        ),
    }
    parts.append(intros[key])
    header = [_("box", lang), _("the dice qualify when", lang), _("points", lang)]
    rows = [
        [display_name("box", box.name, lang), _qualifies(box, rules, lang), _points(box, rules, lang)]
        for box in rules.boxes
    ]
    parts.append(_table(header, rows))
    parts.append(_("A box whose combination the dice do not hold scores 0 if the player chooses it.", lang))
    parts.append("\n".join(f"- {sentence}" for sentence in _scorecard_facts(rules, lang)))
    if key == "two_part":
        parts.append(
            _(
                "Settlement: with the players' totals and their mean, each player's result is their "
                "total minus the mean (the results add up to 0); the highest total wins.",
                lang,
            )
        )
    else:
        parts.append(_("The highest total wins; equal totals share the win.", lang))
    return parts


def _qualifies(box: Box, rules: ScorecardRules, lang: str) -> str:
    match box.need:
        case Need.FACE:
            if rules.par:
                return fill_message(
                    ngettext(
                        "always; par: {n} die showing {face}",
                        "always; par: {n} dice showing {face}",
                        rules.par,
                        lang,
                    ),
                    lang,
                    n=rules.par,
                    face=box.face,
                )
            return _("always", lang)
        case Need.N_OF_A_KIND:
            if box.n == 5:
                return _("all five dice equal", lang)
            return format_message("some face on at least {n} dice", lang, n=box.n)
        case Need.TWO_PAIRS:
            return _("two different faces, each on at least two dice", lang)
        case Need.FULL_HOUSE:
            return _("exactly three of one face and two of another", lang)
        case Need.STRAIGHT:
            runs = " / ".join("-".join(str(f) for f in run) for run in box.runs)
            return format_message("the dice contain {runs}", lang, runs=runs)
        case Need.CHANCE:
            return _("always", lang)
    raise AssertionError(box.need)  # pragma: no cover


def _points(box: Box, rules: ScorecardRules, lang: str) -> str:
    if box.need is Need.FACE:
        if rules.par:
            return format_message(
                "(dice showing {face} − {par}) × {face}", lang, face=box.face, par=rules.par
            )
        return format_message("the sum of the dice showing {face}", lang, face=box.face)
    match box.points:
        case Points.FIXED:
            text = fill_message(ngettext("{n} point", "{n} points", box.fixed, lang), lang, n=box.fixed)
        case Points.MADE:
            text = _("the sum of the dice that make it", lang)
        case _:
            text = _("the sum of all five dice", lang)
    if box.doubles and rules.first_roll_multiplier != 1:
        text += "; " + format_message(
            "×{m} when scored right after the first roll", lang, m=rules.first_roll_multiplier
        )
    if box.name == rules.poker_box and rules.poker_premium:
        text += "; " + format_message("then +{n}", lang, n=rules.poker_premium)
    return text


def _scorecard_facts(rules: ScorecardRules, lang: str) -> list[str]:
    facts = []
    bonus, threshold = rules.upper_bonus, rules.upper_bonus_threshold
    if rules.par:
        facts.append(
            fill_message(
                ngettext(
                    "Part 1 bonus: {bonus} point when the part 1 total is at least {threshold}.",
                    "Part 1 bonus: {bonus} points when the part 1 total is at least {threshold}.",
                    bonus,
                    lang,
                ),
                lang,
                bonus=bonus,
                threshold=threshold,
            )
        )
    else:
        facts.append(
            fill_message(
                ngettext(
                    "Upper bonus: {bonus} point when the six upper boxes total at least {threshold}.",
                    "Upper bonus: {bonus} points when the six upper boxes total at least {threshold}.",
                    bonus,
                    lang,
                ),
                lang,
                bonus=bonus,
                threshold=threshold,
            )
        )
    if rules.upper_first:
        facts.append(_("Every box of part 1 is filled before any box of part 2.", lang))
    if rules.poker_box and rules.poker_bonus:
        facts.append(
            fill_message(
                ngettext(
                    "Poker bonus: {bonus} point for each further five of a kind "
                    "while the {box} box holds {score}.",
                    "Poker bonus: {bonus} points for each further five of a kind "
                    "while the {box} box holds {score}.",
                    rules.poker_bonus,
                    lang,
                ),
                lang,
                bonus=rules.poker_bonus,
                box=display_name("box", rules.poker_box, lang),
                score=rules.box(rules.poker_box).fixed,
            )
        )
    joker = {
        JokerRule.WHEN_POKER_HOLDS_50: _(
            "Joker: such a five of a kind must go into its upper box if that box is empty; else into "
            "any empty lower box, which scores as if the dice held its combination; else 0 into an "
            "empty upper box.",
            lang,
        ),
        JokerRule.WHEN_POKER_FILLED: _(
            "Joker: whenever the {box} box is filled (with its score or with 0), a five of a kind must "
            "go into its upper box if that box is empty; else into any empty lower box, which scores "
            "as if the dice held its combination; else 0 into an empty upper box.",
            lang,
        ),
        JokerRule.FREE: _(
            "Free joker: once the {box} box and the matching upper box are filled, a five of a kind "
            "may go into any open box, a lower box scoring as if the dice held its combination.",
            lang,
        ),
    }
    if rules.joker in joker and rules.poker_box:
        facts.append(fill_message(joker[rules.joker], lang, box=display_name("box", rules.poker_box, lang)))
    if rules.joker is JokerRule.NONE:
        facts.append(_("There is no joker and no extra bonus for a second five of a kind.", lang))
    facts.append(
        fill_message(
            ngettext(
                "{n} box, so {n} round; the total is the boxes, the bonus and any poker bonuses.",
                "{n} boxes, so {n} rounds; the total is the boxes, the bonus and any poker bonuses.",
                len(rules.boxes),
                lang,
            ),
            lang,
            n=len(rules.boxes),
        )
    )
    return facts


# --- bluff -----------------------------------------------------------------------------------------
def _bluff_section(rules: BluffRules, lang: str) -> list[str]:
    parts = [f"## {display_name('game title', rules.title, lang)} (`bluff`)"]
    parts.append(
        fill_message(
            ngettext(
                "{low} to {high} players; each starts with {lives} life. One cup holds the five dice.",
                "{low} to {high} players; each starts with {lives} lives. One cup holds the five dice.",
                rules.lives,
                lang,
            ),
            lang,
            low=rules.min_players,
            high=rules.max_players,
            lives=rules.lives,
        )
    )
    steps = [
        fill_message(
            ngettext(
                "The opener of a round rolls in secret, up to {n} roll, and announces a hand, true or not, "
                "passing the covered cup to the next player.",
                "The opener of a round rolls in secret, up to {n} rolls, keeping dice as usual, and "
                "announces a hand, true or not, passing the covered cup to the next player.",
                rules.opening_rolls,
                lang,
            ),
            lang,
            n=rules.opening_rolls,
        ),
        _(
            "That player either calls the bluff: the cup is lifted; if the dice hold a hand at least "
            "as high as the one announced, the caller loses a life, otherwise the announcer does, "
            "and the round ends;",
            lang,
        ),
        fill_message(
            ngettext(
                "or accepts: looks at the dice in secret, may reroll any of them up to {n} time, and must "
                "announce a strictly higher hand, passing the cup on.",
                "or accepts: looks at the dice in secret, may reroll any of them up to {n} times, and must "
                "announce a strictly higher hand, passing the cup on.",
                rules.reroll_rounds,
                lang,
            ),
            lang,
            n=rules.reroll_rounds,
        ),
        _(
            "The loser of a round opens the next one with a fresh roll; a player with no lives left "
            "is out; the last player with lives wins.",
            lang,
        ),
    ]
    parts.append("\n".join(f"{i}. {step}" for i, step in enumerate(steps, 1)))
    parts.append(_("The hands, from the lowest to the highest:", lang))
    parts.append(
        "\n".join(
            f"{i}. {display_name('bluff hand', name, lang)}" for i, name in enumerate(BLUFF_CATEGORIES, 1)
        )
    )
    parts.append(
        _(
            "An announcement names the hand and its faces (a pair of fives, a full house of three "
            "threes and two sixes). Within one hand the named faces decide, the most important "
            "first: a full house by its three, then its pair; two pairs by the higher pair, then "
            "the lower. The other dice never count.",
            lang,
        )
    )
    return parts


# --- the board game --------------------------------------------------------------------------------
_KIND_CODES = {
    "pair": "P1 … P6",
    "two pairs": "12 … 56",
    "three": "T1 … T6",
    "four": "K1 … K6",
    "full house": "FH",
    "straight": "S",
    "lucky 7": "L7",
    "lucky 11": "L11",
}


def _board_section(rules: BoardRules, lang: str) -> list[str]:
    parts = [f"## {display_name('game title', rules.title, lang)} (`board`)"]
    parts.append(
        format_message(
            "Two or three players or teams, each with a colour of chips, on a {n}×{n} board. Every "
            "cell shows a combination; the centre cell (★) is free: it counts for every player's "
            "lines and nobody occupies it. The board:",
            lang,
            n=rules.size,
        )
    )
    parts.append("```text\n" + rules.layout_text() + "```")
    counts = rules.label_counts()
    by_kind: dict[str, list[int]] = {}
    for label in BOARD_LABELS:
        by_kind.setdefault(label_kind(label), []).append(counts[label])
    rows = []
    for kind, code in _KIND_CODES.items():
        cells = by_kind.get(kind, [])
        each = set(cells)
        if len(cells) > 1 and len(each) == 1:
            count = format_message("{n} each", lang, n=cells[0])
        else:
            count = " + ".join(str(c) for c in cells)
        rows.append([f"`{code}`", display_name("board label", kind, lang), _board_holds(kind, lang), count])
    header = [_("label", lang), _("name", lang), _("the final dice hold it when", lang), _("cells", lang)]
    parts.append(_table(header, rows))
    facts = [
        fill_message(
            ngettext(
                "A turn: up to {n} open roll, then one chip on a free cell whose label the dice hold.",
                "A turn: up to {n} open rolls, then one chip on a free cell whose label the dice hold.",
                rules.rolls_per_turn,
                lang,
            ),
            lang,
            n=rules.rolls_per_turn,
        ),
    ]
    if rules.five_of_a_kind_takes_any:
        facts.append(_("Five of a kind may take any free cell.", lang))
    bouncers = ", ".join(display_name("board label", label_kind(label), lang) for label in rules.bouncers)
    facts.append(
        format_message(
            "Bouncers ({labels}): once every cell of that label is taken, a further such combination may "
            "instead remove one opponent chip that is not part of a series.",
            lang,
            labels=bouncers,
        )
    )
    facts.append(_("If no cell can be taken, the turn passes with no chip.", lang))
    facts.append(
        format_message(
            "A series is {n} in a row of one player's chips, horizontally, vertically or diagonally "
            "(the free centre counts for everyone); its chips are protected for the rest of the game. "
            "A second series needs at least {new} chips that are not in the first and may not lie on "
            "the same line.",
            lang,
            n=rules.series_length,
            new=rules.second_series_new_chips,
        )
    )
    facts.append(
        fill_message(
            ngettext(
                "With two players or teams the first to complete {two} series wins; with three, the first "
                "to complete {three}. A game with no winner after {turns} turn is a draw.",
                "With two players or teams the first to complete {two} series wins; with three, the first "
                "to complete {three}. A game with no winner after {turns} turns is a draw.",
                rules.max_turns,
                lang,
            ),
            lang,
            two=rules.series_to_win_two_sides,
            three=rules.series_to_win_three_sides,
            turns=rules.max_turns,
        )
    )
    parts.append("\n".join(f"- {fact}" for fact in facts))
    return parts


def _board_holds(kind: str, lang: str) -> str:
    texts = {
        "pair": _("at least two dice showing the number", lang),
        "two pairs": _("at least two of each of the two numbers", lang),
        "three": _("at least three dice showing the number", lang),
        "four": _("at least four dice showing the number", lang),
        "full house": _("exactly three of one face and two of another", lang),
        "straight": _("1-2-3-4-5 or 2-3-4-5-6", lang),
        "lucky 7": _("the five dice add up to 7", lang),
        "lucky 11": _("the five dice add up to 11", lang),
    }
    return texts[kind]


def _table(header: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def write_rules_pages() -> list[Path]:
    """Write ``docs/rules.md`` and its translations; returns the paths written."""
    written = []
    for lang in available_languages():
        path = rules_path(lang)
        path.write_text(rules_markdown(lang), encoding="utf-8")
        written.append(path)
    return written
