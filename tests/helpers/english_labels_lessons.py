"""The English words a student reads in a lesson's exercises and in the lessons' printed results
(the answer checker's verdict and hints, best_keep's advice, an estimate's interval, the lab's and
the class report's titles): none may be left in a lesson shown in ro, uk or th.

Each is matched as a whole phrase, case-sensitive. The kernel-side tests
(``tests/i18n/test_i18n_exercises.py``, ``tests/i18n/test_i18n_lessons.py``) and the browser tests reuse this
list. Left out on purpose: the API names a hint quotes (``view_probability_true(view)``, a
strategy's name such as ``heuristic``) and the DataFrame labels, which stay English.
"""

ENGLISH_LABELS = [
    # the answer checker
    "Right!",
    "Not yet",
    "Hint:",
    "write it like",
    "by your answer",
    "part 1 of",
    "that looks like a percentage",
    "the chance that it does NOT happen",
    # best_keep's advice, an estimate
    "reroll",
    "rolls left",
    "roll left",
    "holds it: stop",
    "95% CI",
    # the lab, the class report, the bluff lesson, the win-seeker
    "games per strategy",
    "averaged",
    "try again",
    "The class:",
    "Not read:",
    "your caller won",
    "Optimal:",
    "plays to win:",
    "expected lead",
]
