"""Load a bot by name: a built-in bot, or a user's class as ``module:Class``.

A user's bot may also come from a file, ``path/to/file.py:Class``. Whatever
the user's code raises while it is imported, looked up or called, but for a
Ctrl-C, becomes a :class:`~tonk.errors.BotError` (a module that calls
:func:`sys.exit` included), and a value whose ``repr`` raises is still
described.
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import shlex
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import TypeGuard

from tonk._validate import brief
from tonk.bots._base import Bot, RandomBot
from tonk.bots._greedy import GreedyBot
from tonk.bots._inference import InferenceBot
from tonk.bots._ismcts import ISMCTSBot
from tonk.bots._process import ProcessBot
from tonk.errors import BotError

__all__ = ["BUILT_IN_BOTS", "bot_label", "load_bot"]

BUILT_IN_BOTS = ("greedy", "inference", "ismcts", "random")
"""The names of the built-in bots, for :func:`load_bot`."""


def bot_label(spec: str) -> str:
    """Return a short name for a bot specification: ``module:Class`` gives ``Class``.

    Examples:
        >>> bot_label("mypkg.bots:CleverBot"), bot_label("greedy")
        ('CleverBot', 'greedy')
    """
    return spec.rpartition(":")[2] or spec


def _built_in(name: str, iterations: int) -> Bot:
    if name == "greedy":
        return GreedyBot()
    if name == "ismcts":
        return ISMCTSBot(iterations=iterations)
    if name == "inference":
        return InferenceBot()
    return RandomBot()


_FORMS = "a built-in bot ({}), module:Class or path/to/file.py:Class".format(
    ", ".join(BUILT_IN_BOTS)
)


def _explained(error: BaseException) -> str:
    """Return ``Kind: message`` for an exception, even one whose ``str`` raises."""
    try:
        message = str(error)
    except Exception:
        message = ""
    return f"{type(error).__name__}: {message}" if message else type(error).__name__


@contextlib.contextmanager
def _guarded(spec: str, doing: str) -> Iterator[None]:
    """Turn anything the body raises, but a Ctrl-C, into a :class:`BotError`."""
    try:
        yield
    except (KeyboardInterrupt, BotError):
        raise
    except BaseException as error:  # SystemExit too: a bot cannot end the program
        raise BotError(
            f"cannot load bot {spec!r}: {doing} raised {_explained(error)}", bot=spec
        ) from error


def _module(spec: str, where: str) -> ModuleType:
    """Import the module ``where`` of ``spec``: a module's name, or a ``.py`` file."""
    if where.endswith(".py"):
        return _module_from_file(spec, where)
    if not all(part.isidentifier() for part in where.split(".")):
        raise BotError(
            f"cannot load bot {spec!r}: {where!r} is neither a module's name nor a"
            f" .py file; expected {_FORMS}",
            bot=spec,
        )
    try:
        with _guarded(spec, f"importing {where!r}"):
            return importlib.import_module(where)
    except BotError as error:
        missing = error.__cause__
        # The module named, or a package of it; not one the module imports.
        if isinstance(missing, ModuleNotFoundError) and f"{where}.".startswith(
            f"{missing.name}."
        ):
            raise BotError(
                f"cannot load bot {spec!r}: no module named"
                f" {missing.name!r} (expected {_FORMS})",
                bot=spec,
            ) from missing
        raise


def _module_from_file(spec: str, where: str) -> ModuleType:
    """Import a bot's ``.py`` file as the module named by its stem (``mybots``).

    The module goes into :data:`sys.modules` under that name, so that its bots
    can be pickled to worker processes.
    """
    path = Path(where)
    name = path.stem
    if not name.isidentifier():
        raise BotError(
            f"cannot load bot {spec!r}: the file's name must be a module's name"
            f" (letters, digits, _), got {path.name!r}",
            bot=spec,
        )
    try:
        is_file = path.is_file()
    except OSError as error:  # a name too long, a folder that may not be read
        raise BotError(
            f"cannot load bot {spec!r}: cannot read {where!r}: {error.strerror}",
            bot=spec,
        ) from None
    if not is_file:
        raise BotError(f"cannot load bot {spec!r}: no file {where!r}", bot=spec)
    loaded = sys.modules.get(name)
    if loaded is not None:
        origin = getattr(loaded, "__file__", None)
        if origin is not None and Path(origin).resolve() == path.resolve():
            return loaded
        raise BotError(
            f"cannot load bot {spec!r}: a module named {name!r} is already"
            " loaded from elsewhere; rename the file",
            bot=spec,
        )
    found = importlib.util.spec_from_file_location(name, path)
    assert found is not None  # a .py file's
    assert found.loader is not None
    module = importlib.util.module_from_spec(found)
    sys.modules[name] = module
    try:
        with _guarded(spec, f"importing {where!r}"):
            found.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise
    return module


def _has_choose(value: object) -> TypeGuard[Bot]:
    """Return whether ``value`` has a ``choose`` method: whether it is a bot."""
    try:
        return callable(getattr(value, "choose", None))
    except Exception:  # a hostile __getattr__
        return False


def _find(spec: str) -> Callable[[], object]:
    """Import ``module:Name`` (``Name`` may be dotted) and return what it names."""
    where, _, attribute = spec.rpartition(":")
    if not where or not attribute:
        raise BotError(
            f"bot {spec!r} is neither a built-in bot ({', '.join(BUILT_IN_BOTS)})"
            " nor written module:Class or path/to/file.py:Class",
            bot=spec,
        )
    found: object = _module(spec, where)
    for part in attribute.split("."):
        try:
            with _guarded(spec, f"looking up {attribute!r}"):
                found = getattr(found, part)
        except BotError as error:
            if isinstance(error.__cause__, AttributeError):
                raise BotError(
                    f"cannot load bot {spec!r}: {where!r} has no {attribute!r}",
                    bot=spec,
                ) from None
            raise
    if not callable(found):
        raise BotError(
            f"cannot load bot {spec!r}: {attribute!r} is not a class or a function"
            " that makes a bot (an object with a choose(obs, legal, rng) method)",
            bot=spec,
        )
    return found


def _program(spec: str) -> Bot:
    """Return the :class:`ProcessBot` of ``exec:COMMAND``."""
    try:
        command = shlex.split(spec.removeprefix("exec:"))
    except ValueError as error:
        raise BotError(
            f"cannot read the command of bot {spec!r}: {error}", bot=spec
        ) from None
    if not command or not command[0]:
        raise BotError(f"bot {spec!r} names no program to run", bot=spec)
    return ProcessBot(command, name=spec)


def load_bot(spec: str, *, iterations: int = 200) -> Bot:
    """Return a new bot from its specification.

    The specification is a built-in bot's name (``greedy``, ``inference``,
    ``ismcts``, ``random``), or ``module:Name`` for your own: ``Name`` (a
    class, or a function) is imported from ``module`` and called with no arguments, and
    must give a :class:`Bot` (an object with a ``choose`` method). The module
    must be importable: installed, or on ``sys.path`` (the ``tonk`` command
    line puts the current directory there); or name it by its file,
    ``path/to/file.py:Name``, imported as the module ``file``.

    ``exec:COMMAND`` plays a program over the table protocol: a
    :class:`~tonk.bots.ProcessBot` of ``COMMAND``, split as a shell would
    (``exec:tonk bot greedy``, ``exec:python my_bot.py``).

    Args:
        spec: The bot's specification.
        iterations: The ``ismcts`` bot's search budget per decision.

    Returns:
        A new bot.

    Raises:
        BotError: If the module or the name cannot be found, importing it
            or calling it raises (even :class:`SystemExit`; a Ctrl-C goes
            through), or it does not give a bot.
        TypeError: If ``spec`` is not a ``str``.

    .. versionadded:: 0.2.0
    .. versionchanged:: 0.2.0
       The ``path/to/file.py:Name`` form; :class:`SystemExit` and other
       exceptions from the user's code become a :class:`~tonk.errors.BotError`.

    Examples:
        >>> load_bot("greedy")
        GreedyBot(drop_margin=0.0, samples=48, outs_weight=1.5)
        >>> type(load_bot("tonk.bots:RandomBot")).__name__
        'RandomBot'
        >>> load_bot("clever")
        Traceback (most recent call last):
        ...
        tonk.errors.BotError: bot 'clever' is neither a built-in bot (greedy, inference, ismcts, random) nor written module:Class or path/to/file.py:Class
        >>> load_bot("sys:exit")
        Traceback (most recent call last):
        ...
        tonk.errors.BotError: cannot build bot 'sys:exit': SystemExit
        >>> load_bot("tonk.bots:Bot")
        Traceback (most recent call last):
        ...
        tonk.errors.BotError: cannot build bot 'tonk.bots:Bot': TypeError: Protocols cannot be instantiated
    """  # noqa: E501
    if not isinstance(spec, str):
        raise TypeError(f"a bot's specification must be a str, got {brief(spec)}")
    if spec in BUILT_IN_BOTS:
        return _built_in(spec, iterations)
    if spec.startswith("exec:"):
        return _program(spec)
    factory = _find(spec)
    try:
        bot = factory()
    except KeyboardInterrupt:
        raise
    except BaseException as error:  # SystemExit too: a bot cannot end the program
        raise BotError(
            f"cannot build bot {spec!r}: {_explained(error)}", bot=spec
        ) from error
    if not _has_choose(bot):
        raise BotError(
            f"bot {spec!r} gave {brief(bot)}, which has no choose(obs, legal, rng)"
            " method",
            bot=spec,
        )
    return bot
