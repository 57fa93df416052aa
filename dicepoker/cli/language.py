"""The command line in the class's language: ``--lang`` (or ``DICEPOKER_LANG``) for what a person reads.

The text the subcommands print, their ``--help`` and the usage errors are translated; ``--json``
output keeps its English keys and API names. argparse writes its own messages ("usage:",
"invalid choice: ...") through the standard library's ``gettext``, in English; while the command
line runs, :func:`argparse_speaking` hands argparse the kit's translation of each of them (the
templates of :data:`ARGPARSE_MESSAGES`, with ``{name}`` placeholders like every message of the kit).

>>> language_in_argv(["odds", "--lang", "uk"]), language_in_argv(["--lang=ro", "rules"]), language_in_argv([])
('uk', 'ro', None)
>>> with argparse_speaking():
...     import argparse
...     argparse._("usage: ")
'usage: '
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from dicepoker.core.i18n import (
    ENVIRONMENT_VARIABLE,
    SOURCE_LANGUAGE,
    _,
    available_languages,
    format_message,
    ngettext,
)


def _argparse_templates(lang: str | None = None) -> dict[str, str]:
    """argparse's own messages (``%(name)s`` style) and the kit's template (``{name}``) of each, in
    ``lang`` (default: the current language)."""
    return {
        "usage: ": _("usage: ", lang),
        "%(prog)s: error: %(message)s\n": _("{prog}: error: {message}", lang) + "\n",
        "argument %(argument_name)s: %(message)s": _("argument {argument_name}: {message}", lang),
        "invalid choice: %(value)r (choose from %(choices)s)": _(
            "invalid choice: {value} (choose from {choices})", lang
        ),
        "invalid %(type)s value: %(value)r": _("invalid {type} value: {value}", lang),
        "the following arguments are required: %s": _(
            "the following arguments are required: {arguments}", lang
        ),
        "unrecognized arguments: %s": _("unrecognized arguments: {arguments}", lang),
        "expected one argument": _("expected one argument", lang),
        "ambiguous option: %(option)s could match %(matches)s": _(
            "ambiguous option: {option} could match {matches}", lang
        ),
        "positional arguments": _("positional arguments", lang),
        "options": _("options", lang),
        "show this help message and exit": _("show this help message and exit", lang),
    }


ARGPARSE_MESSAGES = tuple(_argparse_templates(SOURCE_LANGUAGE))  # read at import: in English
"""The argparse messages the command line shows in the class's language."""

_NAMED = re.compile(r"%\((\w+)\)([rs])")
_POSITIONAL_NAMES = {
    "the following arguments are required: %s": "arguments",
    "unrecognized arguments: %s": "arguments",
}


def argparse_text(message: str) -> str:
    """argparse's ``message`` in the current language, still in argparse's ``%`` style.

    >>> from dicepoker.core.i18n import in_language
    >>> argparse_text("invalid choice: %(value)r (choose from %(choices)s)")
    'invalid choice: %(value)r (choose from %(choices)s)'
    >>> argparse_text("a message the kit does not translate")
    'a message the kit does not translate'
    """
    template = _argparse_templates().get(message)
    if template is None:
        return message
    template = template.replace("%", "%%")
    for name, conversion in _NAMED.findall(message):
        template = template.replace("{" + name + "}", f"%({name}){conversion}")
    for name in _POSITIONAL_NAMES.get(message, "").split():
        template = template.replace("{" + name + "}", "%s")
    return template


def _argparse_plural(singular: str, plural: str, n: int) -> str:
    if singular == "expected %s argument":
        return ngettext("expected {n} argument", "expected {n} arguments", n).replace("{n}", "%s")
    return singular if n == 1 else plural


@contextmanager
def argparse_speaking() -> Iterator[None]:
    """While the block runs, argparse writes its messages in the current language (then as before)."""
    saved = argparse._, argparse.ngettext
    argparse._, argparse.ngettext = argparse_text, _argparse_plural
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved


def language_in_argv(argv: Sequence[str]) -> str | None:
    """The value of ``--lang`` on the command line, read before parsing (so usage errors and
    ``--help`` are in that language); ``None`` when it is not given."""
    for i, word in enumerate(argv):
        if word == "--":
            break
        if word.startswith("--lang="):
            return word.partition("=")[2]
        if word == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
    return None


def add_language_option(parser: argparse.ArgumentParser) -> None:
    """The ``--lang`` option every subcommand takes."""
    parser.add_argument(
        "--lang",
        default=None,
        metavar="LANG",
        help=format_message(
            "language of the text: {languages} (default: {variable}, else {default})",
            languages=", ".join(available_languages()),
            variable=ENVIRONMENT_VARIABLE,
            default=SOURCE_LANGUAGE,
        ),
    )
