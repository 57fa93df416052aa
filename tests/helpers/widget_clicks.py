"""Clicking a widget's buttons in tests so that an exception in a callback escapes.

``Button.click()`` runs the click's callbacks through ipywidgets' ``CallbackDispatcher``, which
catches every exception and only logs it (outside IPython) as a warning: a widget that crashes
then looks merely frozen to a test. :func:`click` is ``Button.click()`` that re-raises it.
"""

from __future__ import annotations

import logging

import ipywidgets as widgets


class _Caught(logging.Handler):
    """Keeps the exceptions the callback dispatcher logs."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.errors: list[BaseException] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info and record.exc_info[1] is not None:
            self.errors.append(record.exc_info[1])


def click(button: widgets.Button) -> None:
    """``button.click()``; an exception raised by one of its callbacks is raised here."""
    log = button._click_handlers.log
    caught = _Caught()
    log.addHandler(caught)
    try:
        button.click()
    finally:
        log.removeHandler(caught)
    if caught.errors:
        raise caught.errors[0]
