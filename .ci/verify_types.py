"""Fail unless pyright finds tonk's public API at least 99% typed.

Runs ``pyright --verifytypes tonk --ignoreexternal`` (the ``lint`` extra) with
this interpreter's environment, prints the score and every public symbol whose
type pyright cannot know, and exits 1 below :data:`THRESHOLD`. Pyright takes
the installed ``tonk`` from the ``python`` first on ``PATH``, so this
interpreter's directory goes first. ``--ignoreexternal``: a type that another
package leaves unknown (``fractions`` in pyright's bundled stubs, Hypothesis'
internals) is not tonk's to fix; the adapters' bases from packages without
types (``pyspiel``, PettingZoo's ``AECEnv``) still count as unknown.

Usage: ``python .ci/verify_types.py``
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

THRESHOLD = 0.99
"""The lowest completeness score CI accepts."""


def verify_types() -> dict[str, object]:
    """Return the ``typeCompleteness`` part of pyright's JSON report on tonk."""
    here = Path(sys.executable).parent
    environment = {**os.environ, "PATH": f"{here}{os.pathsep}{os.environ['PATH']}"}
    command = [
        str(here / "pyright"),
        "--verifytypes",
        "tonk",
        "--ignoreexternal",
        "--outputjson",
    ]
    # pyright exits 1 whenever it reports an error: the score decides here.
    done = subprocess.run(
        command, capture_output=True, text=True, env=environment, check=False
    )
    report = json.loads(done.stdout)
    completeness: dict[str, object] = report["typeCompleteness"]
    return completeness


def main() -> int:
    """Print the score and the symbols of unknown type; return the exit status."""
    completeness = verify_types()
    symbols = completeness["symbols"]
    assert isinstance(symbols, list)
    for symbol in symbols:
        if symbol["isExported"] and not symbol["isTypeKnown"]:
            print(f"  unknown: {symbol['name']}")
    score = completeness["completenessScore"]
    assert isinstance(score, float | int)
    counts = completeness["exportedSymbolCounts"]
    print(f"pyright --verifytypes tonk: {score:.2%} of public symbols typed {counts}")
    if score < THRESHOLD:
        print(f"!! below {THRESHOLD:.0%}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
