"""Every test starts in the default language: a test or doctest that switches language cannot leak
its choice into the next one."""

import pytest

from dicepoker.core.i18n import reset_language


@pytest.fixture(autouse=True)
def _default_language():
    reset_language()
    yield
    reset_language()
