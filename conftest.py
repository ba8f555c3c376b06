"""What pytest collects from the whole repository (the tests and the doctests).

The adapters of ``tonk.envs`` need their extras (numpy, PettingZoo, Gymnasium,
OpenSpiel), and ``tonk.web.app`` the ``web`` extra (its doctests use httpx2 too,
for Starlette's test client). The ``test`` extra, which the README's test
command installs, holds them all; in an environment without them their
modules' doctests are not collected, as the tests of the adapters skip.
"""

from __future__ import annotations

import importlib.util

_NEEDS = {
    "src/tonk/envs/_common.py": ("numpy",),
    "src/tonk/envs/gymnasium.py": ("numpy", "gymnasium"),
    "src/tonk/envs/openspiel.py": ("numpy", "pyspiel"),
    "src/tonk/envs/pettingzoo.py": ("numpy", "pettingzoo"),
    "src/tonk/envs/vector.py": ("numpy", "gymnasium"),
    "src/tonk/web/app.py": ("starlette", "httpx2"),
}

collect_ignore = [
    path
    for path, modules in _NEEDS.items()
    if not all(importlib.util.find_spec(module) for module in modules)
]
