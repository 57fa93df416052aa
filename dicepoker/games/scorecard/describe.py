"""The scorecard games' section of the rules page (``docs/rules*.md``): boxes, scores, bonuses, the joker.

Found through the registry (its ``describe`` part), like the widget; :mod:`dicepoker.lessons.rules_page`
puts the sections of every game together. Every number is read from the rule set.
"""

from __future__ import annotations

from dicepoker.core.i18n import _, display_name, fill_message, format_message, ngettext
from dicepoker.core.markdown import markdown_table
from dicepoker.games.scorecard.rules import Box, JokerRule, Need, Points, ScorecardRules


def describe(rules: ScorecardRules, key: str, lang: str, level: str = "##") -> list[str]:
    """The rules-page section of a scorecard game (Markdown parts), in ``lang``.

    >>> from dicepoker.games.scorecard.presets import YATZY
    >>> describe(YATZY, "yatzy", "en", level="###")[0]
    '### Yatzy (Scandinavian) (`yatzy`)'
    """
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
    parts.append(markdown_table(header, rows))
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
