"""What a fresh Python has imported after running some code: the tests that keep a start quick.

>>> modules_loaded_by("import json", ["json", "tomllib"])
['json']
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterable


def modules_loaded_by(code: str, modules: Iterable[str]) -> list[str]:
    """Which of ``modules`` are imported once ``code`` has run in a new interpreter (sorted)."""
    names = sorted(modules)
    check = f"\nimport json as _j, sys as _s\nprint(_j.dumps([m for m in {names!r} if m in _s.modules]))"
    out = subprocess.run([sys.executable, "-c", code + check], capture_output=True, text=True, check=True)
    return json.loads(out.stdout.splitlines()[-1])
