"""Load a bot by name: a built-in bot, or a user's class as ``module:Class``."""

from __future__ import annotations

import importlib
import shlex
from collections.abc import Callable

from tonk.bots._base import Bot, RandomBot
from tonk.bots._greedy import GreedyBot
from tonk.bots._ismcts import ISMCTSBot
from tonk.bots._process import ProcessBot
from tonk.errors import BotError

__all__ = ["BUILT_IN_BOTS", "bot_label", "load_bot"]

BUILT_IN_BOTS = ("greedy", "ismcts", "random")
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
    return RandomBot()


def _find(spec: str) -> Callable[[], object]:
    """Import ``module:Name`` (``Name`` may be dotted) and return what it names."""
    module_name, _, attribute = spec.partition(":")
    if not module_name or not attribute:
        raise BotError(
            f"bot {spec!r} is neither a built-in bot ({', '.join(BUILT_IN_BOTS)})"
            " nor written module:Class",
            bot=spec,
        )
    try:
        found: object = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        raise BotError(
            f"cannot load bot {spec!r}: no module named {error.name!r}", bot=spec
        ) from error
    except Exception as error:
        raise BotError(
            f"cannot load bot {spec!r}: importing {module_name!r} raised"
            f" {type(error).__name__}: {error}",
            bot=spec,
        ) from error
    for part in attribute.split("."):
        try:
            found = getattr(found, part)
        except AttributeError:
            raise BotError(
                f"cannot load bot {spec!r}: {module_name!r} has no {attribute!r}",
                bot=spec,
            ) from None
    if not callable(found):
        raise BotError(
            f"cannot load bot {spec!r}: {attribute!r} is not a class or a function",
            bot=spec,
        )
    return found


def _program(spec: str) -> Bot:
    """Return the :class:`ProcessBot` of ``exec:COMMAND``."""
    try:
        command = shlex.split(spec.removeprefix("exec:"))
    except ValueError as error:
        raise BotError(f"cannot read the command of bot {spec!r}: {error}", bot=spec) from None
    if not command:
        raise BotError(f"bot {spec!r} names no program to run", bot=spec)
    return ProcessBot(command, name=spec)


def load_bot(spec: str, *, iterations: int = 200) -> Bot:
    """Return a new bot from its specification.

    The specification is a built-in bot's name (``greedy``, ``ismcts``,
    ``random``), or ``module:Name`` for your own: ``Name`` (a class, or a
    function) is imported from ``module`` and called with no arguments, and
    must give a :class:`Bot` (an object with a ``choose`` method). The module
    must be importable: installed, or on ``sys.path`` (the ``tonk`` command
    line puts the current directory there).

    ``exec:COMMAND`` plays a program over the table protocol: a
    :class:`~tonk.bots.ProcessBot` of ``COMMAND``, split as a shell would
    (``exec:tonk bot greedy``, ``exec:python my_bot.py``).

    Args:
        spec: The bot's specification.
        iterations: The ``ismcts`` bot's search budget per decision.

    Returns:
        A new bot.

    Raises:
        BotError: If the module or the name cannot be found, calling it
            raises, or it does not give a bot.

    .. versionadded:: 0.2.0

    Examples:
        >>> load_bot("greedy")
        GreedyBot(drop_margin=0.0, samples=48)
        >>> type(load_bot("tonk.bots:RandomBot")).__name__
        'RandomBot'
        >>> load_bot("clever")
        Traceback (most recent call last):
        ...
        tonk.errors.BotError: bot 'clever' is neither a built-in bot (greedy, ismcts, random) nor written module:Class
        >>> load_bot("tonk.bots:Bot")
        Traceback (most recent call last):
        ...
        tonk.errors.BotError: cannot build bot 'tonk.bots:Bot': TypeError: Protocols cannot be instantiated
    """  # noqa: E501
    if spec in BUILT_IN_BOTS:
        return _built_in(spec, iterations)
    if spec.startswith("exec:"):
        return _program(spec)
    factory = _find(spec)
    try:
        bot = factory()
    except Exception as error:
        raise BotError(
            f"cannot build bot {spec!r}: {type(error).__name__}: {error}", bot=spec
        ) from error
    if not isinstance(bot, Bot):
        raise BotError(
            f"bot {spec!r} gave {bot!r}, which has no choose(obs, legal, rng) method",
            bot=spec,
        )
    return bot
