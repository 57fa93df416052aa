"""The English words and phrases of the board game's screen: none may be left in a translated board.

Each is matched as a whole word (``\\b...\\b``), case-sensitive, against every text a person reads
in the board widget (buttons, tooltips, placeholders, seat options, the message line, the status
line, the help text, the words drawn in the cell pictures), its ``_repr_html_`` and its report. The
kernel-side tests (``tests/i18n/test_i18n_board_ui.py``) and the browser tests reuse this list.

Left out on purpose: what stays the same in a translation (the brand "Dice Poker", "full house"
in Romanian, label codes such as ``FH`` or ``P3``, dice such as ``3-3-5``) and what the shared
widget machinery says (``Refused:``, "Whole turn", "Computer plays by itself", "... is disabled:",
a die's tooltip, "Player 1"), which the shared UI's translation covers.
"""

ENGLISH_LABELS = [
    # buttons and their states
    "Roll",
    "Roll again",
    "No rolls left",
    "take a cell",
    "Game over",
    "Pass the turn",
    "Bounce a chip",
    "Cancel bounce",
    "Step",
    "Hint",
    "New game",
    # help, headings, seats, name boxes
    "click dice to hold them",
    "then click a green cell",
    "Five of a kind",
    "bounces once its cells are full",
    "Players or teams",
    "for the next game",
    "Human",
    "Computer",
    "Random",
    "Random computer",
    "chips: name",
    # cells, labels and pictures
    "row",
    "column",
    "pair of",
    "two pairs",
    "three",
    "four",
    "straight",
    "lucky",
    "lucky seven",
    "lucky eleven",
    "free centre",
    "the free centre",
    "the layout",
    "the board",
    "chip",
    "red",
    "blue",
    "green",
    # the status line and the messages
    "series",
    "turn",
    "turns",
    "roll left",
    "rolls left",
    "rolls",
    "keeps",
    "holds",
    "releases",
    "places",
    "bounces",
    "the turn passes",
    "Next",
    "wins",
    "completed",
    "a draw",
    "no winner",
    "Hint for",
    "roll again",
    "nothing fits",
    "click to hold",
    "click to release",
    "what would the probability bot do",
    "no bouncer",
    "roll the dice first",
    "a cell can be taken",
    "it is",
    # the report
    "Board report",
    "kind aimed at",
    "best keep",
    "best chance",
    "chance",
    "keeps judged",
    "mean shortfall",
    "nothing",
    "For each keep",
]
