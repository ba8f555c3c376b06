"""Sphinx configuration for the tonk documentation.

Build (warnings are errors, every cross-reference must resolve)::

    sphinx-build -n -W --keep-going -b html docs docs/_build/html
    sphinx-build -n -W --keep-going -b doctest docs docs/_build/doctest

Install the ``docs`` extra first (``pip install -e '.[docs]'``): it brings
Sphinx and what the pages document and run, the ``testing`` extra and the
frameworks of the environment adapters (OpenSpiel, PettingZoo, Gymnasium). The
version, the API reference and every example on the pages come from the
installed package.
"""

from __future__ import annotations

import doctest
import os
import sys
from typing import Any

from sphinx.ext.napoleon.docstring import GoogleDocstring

import tonk

# -- Project -----------------------------------------------------------------------

project = "tonk"
author = "The tonk developers"
copyright = "The tonk developers"
release = tonk.__version__
version = ".".join(release.split(".")[:2])

# -- General -----------------------------------------------------------------------

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.intersphinx",
    "sphinx.ext.doctest",
]

source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "Thumbs.db", ".DS_Store"]
nitpicky = True
python_use_unqualified_type_names = True

myst_enable_extensions = ["colon_fence"]
myst_heading_anchors = 3

# -- autodoc and napoleon ----------------------------------------------------------

autodoc_typehints = "description"
autodoc_typehints_description_target = "documented_params"
autodoc_member_order = "bysource"
autodoc_class_signature = "mixed"
autodoc_default_options = {"members": True}

napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_rtype = False
napoleon_attr_annotations = True


def _attribute_docstring(self: GoogleDocstring) -> list[str]:
    """Parse an attribute's docstring as plain Google-style text.

    Napoleon reads ``TYPE: description`` on an attribute's first line as an
    inline type. Types live only in annotations here, and docstrings such as
    ``"B5: the dealt hands that win..."`` must keep their first words.
    """
    return type(self)(self._consume_to_end(), self._config).lines()


GoogleDocstring._parse_attribute_docstring = _attribute_docstring  # type: ignore[method-assign]

# -- doctest -----------------------------------------------------------------------

doctest_global_setup = "import tonk"
# Sphinx's default flags include IGNORE_EXCEPTION_DETAIL, which would let an
# example pass with a stale error message: check the messages too.
doctest_default_flags = doctest.ELLIPSIS | doctest.DONT_ACCEPT_TRUE_FOR_1
doctest_test_doctest_blocks = ""  # only {doctest} blocks are tests

# -- Cross-references --------------------------------------------------------------

# Links to the Python and attrs documentation. Their inventories are fetched from
# the web, which a build without network access cannot do (and a failed fetch is
# a warning, so an error under -W): set TONK_DOCS_INTERSPHINX=1 to use them.
intersphinx_mapping: dict[str, tuple[str, str | None]] = {}
if os.environ.get("TONK_DOCS_INTERSPHINX") == "1":
    intersphinx_mapping = {
        "python": ("https://docs.python.org/3", None),
        "attrs": ("https://www.attrs.org/en/stable/", None),
        "hypothesis": ("https://hypothesis.readthedocs.io/en/latest/", None),
    }

# Names from the standard library, attrs and Hypothesis that only intersphinx
# could link.
nitpick_ignore = [
    ("py:class", "collections.abc.Callable"),
    ("py:class", "collections.abc.Iterable"),
    ("py:class", "collections.abc.Iterator"),
    ("py:class", "collections.abc.Mapping"),
    ("py:class", "concurrent.futures.ProcessPoolExecutor"),
    ("py:class", "concurrent.futures.Executor"),
    ("py:class", "concurrent.futures._base.Executor"),
    ("py:class", "collections.abc.Sequence"),
    ("py:class", "types.UnionType"),
    # The type variables of from_dict's and from_json's overloads.
    ("py:class", "tonk.serialization._Document"),
    ("py:class", "tonk.serialization._Result"),
    # The union of the kinds to_dict and to_json write (its docstring lists them).
    ("py:class", "_Writable"),
    ("py:class", "fractions.Fraction"),
    ("py:class", "random.Random"),
    ("py:func", "attrs.evolve"),
    ("py:class", "hypothesis.strategies.SearchStrategy"),
    ("py:exc", "hypothesis.errors.InvalidArgument"),
    # OpenSpiel publishes no intersphinx inventory.
    ("py:class", "pyspiel.IIGObservationType"),
    # PettingZoo and Gymnasium (tonk.envs) publish no inventory we fetch.
    ("py:class", "pettingzoo.utils.env.AECEnv"),
    ("py:class", "gymnasium.core.Env"),
    ("py:class", "gymnasium.vector.VectorEnv"),
    ("py:class", "gymnasium.vector.vector_env.VectorEnv"),
    ("py:exc", "gymnasium.error.ResetNeeded"),
    # The type variable of observation_vector's overloads (what out= is).
    ("py:class", "tonk.encoding._Out"),
    ("py:class", "gymnasium.spaces.Box"),
    ("py:class", "gymnasium.spaces.Discrete"),
    ("py:class", "numpy.ndarray"),
    ("py:class", "numpy.dtype"),
    ("py:class", "numpy.float32"),
    ("py:class", "numpy.bool"),
    # tonk.web's signatures: a database path, and Starlette (no inventory).
    ("py:class", "pathlib.Path"),
    ("py:class", "Path"),
    ("py:class", "starlette.applications.Starlette"),
]

# -- HTML --------------------------------------------------------------------------

html_theme = "furo"
html_title = f"tonk {release}"

# -- Public names ------------------------------------------------------------------
#
# The API reference documents every public name where users import it:
# ``tonk.Rules``, not ``tonk.rules.Rules``. Type hints and docstrings name the
# defining module (``tonk.rules.Rules``, ``tonk.errors.RulesError``); this
# resolves such a reference to the public name when one is documented.

_PUBLIC_MODULES = {
    "tonk",
    "tonk.bots",
    "tonk.encoding",
    "tonk.envs",
    "tonk.envs.gymnasium",
    "tonk.envs.pettingzoo",
    "tonk.envs.vector",
    "tonk.presets",
    "tonk.scoring",
    "tonk.testing",
    "tonk.testing.strategies",
}


def _public_name(target: str) -> str | None:
    """Return ``PACKAGE.NAME`` for ``PACKAGE.MODULE.NAME`` if MODULE is not public.

    PACKAGE is the nearest public package above MODULE: ``tonk.rules.Rules``
    becomes ``tonk.Rules`` and ``tonk.bots._greedy.GreedyBot`` becomes
    ``tonk.bots.GreedyBot``.
    """
    parts = target.split(".")
    for length in range(len(parts) - 1, 1, -1):
        module = ".".join(parts[:length])
        if module in sys.modules:
            if module in _PUBLIC_MODULES or parts[0] != "tonk":
                return None
            for above in range(length - 1, 0, -1):
                package = ".".join(parts[:above])
                if package in _PUBLIC_MODULES:
                    return ".".join([package, *parts[length:]])
            return None
    return None


def _resolve_public(app: Any, env: Any, node: Any, contnode: Any) -> Any:
    if node.get("refdomain") != "py":
        return None
    target = node.get("reftarget", "")
    public = _public_name(target)
    if public is None:
        return None
    domain = env.get_domain("py")
    return domain.resolve_xref(
        env, node.get("refdoc"), app.builder, node["reftype"], public, node, contnode
    )


def setup(app: Any) -> dict[str, Any]:
    """Register the public-name resolver."""
    app.connect("missing-reference", _resolve_public)
    return {"parallel_read_safe": True}
