"""Tests that kill the mutants of ``tonk/bots/_load.py`` that the other tests let live.

Each checks what :func:`tonk.bots.load_bot` makes of one specification, a
built-in name, ``module:Class``, ``path/to/file.py:Class`` or
``exec:COMMAND``: the bot it returns, or the exact words, ``bot`` and cause of
the :class:`~tonk.errors.BotError` it raises, and that a failed import leaves
no module behind. mutmut ran them with test_bot_loading.py, test_cli.py,
test_cli_mutants.py, test_process_bot.py, test_bots_inference.py and
test_untrusted_text.py (docs/maintainers.md, "Mutation testing").
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import tonk
from tonk._untrusted import first_unsafe
from tonk.bots import (
    GreedyBot,
    InferenceBot,
    ISMCTSBot,
    ProcessBot,
    RandomBot,
    bot_label,
    load_bot,
)
from tonk.cli import main

FORMS = (
    "a built-in bot (greedy, inference, ismcts, random), module:Class or"
    " path/to/file.py:Class"
)

FINE_BOTS = """
import sys
from tonk.errors import BotError

class FirstBot:
    def choose(self, obs, legal, rng):
        return legal[0]

class Outer:
    class Inner:
        def choose(self, obs, legal, rng):
            return legal[-1]

class ChooseNotCallable:
    choose = 3

NOT_CALLABLE = 3

def make_none():
    return None

def fail():
    raise ValueError("no bot today")

def fail_silently():
    raise ValueError

def raise_bot_error():
    raise BotError("inner words", bot="inner")

def leave():
    sys.exit("bye")

class Unprintable(Exception):
    def __str__(self):
        raise RuntimeError("no str")

def fail_unprintably():
    raise Unprintable
"""

#: Modules (file stem: source) written to the folder of each test.
MODULES = {
    "fine_bots": FINE_BOTS,
    "broken_import": "raise ValueError('at import')\n",
    "silent_import": "raise RuntimeError\n",
    "missing_dependency": "import no_such_dependency_of_tonk\n",
    "interrupting": "raise KeyboardInterrupt\n",
    "bot_error_import": (
        "from tonk.errors import BotError\n"
        "raise BotError('from the module', bot='inner')\n"
    ),
    "hostile_module": (
        "def __getattr__(name):\n    raise RuntimeError('no ' + name)\n"
    ),
    "absent_module": (
        "def __getattr__(name):\n    raise AttributeError('none: ' + name)\n"
    ),
}


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder with the modules above, current and on ``sys.path``."""
    for name, source in MODULES.items():
        (tmp_path / f"{name}.py").write_text(source)
    for name in ("sys", "re"):  # named as modules already loaded
        (tmp_path / f"{name}.py").write_text(FINE_BOTS)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [str(tmp_path), *sys.path])
    for name in MODULES:
        monkeypatch.delitem(sys.modules, name, raising=False)
    yield tmp_path
    for name in MODULES:
        sys.modules.pop(name, None)


def refused(spec: str) -> tonk.BotError:
    """Return the BotError that loading ``spec`` raises, checking its bot."""
    with pytest.raises(tonk.BotError) as caught:
        load_bot(spec)
    assert caught.value.bot == spec
    return caught.value


# --- names ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("spec", "label"),
    [
        ("mypkg.bots:CleverBot", "CleverBot"),
        ("greedy", "greedy"),
        ("a:b:c", "c"),
        ("./bots.py:Outer.Inner", "Outer.Inner"),
        ("mypkg:", "mypkg:"),
        ("", ""),
    ],
)
def test_a_bots_label_is_what_follows_its_last_colon(spec: str, label: str) -> None:
    assert bot_label(spec) == label


# --- built-in bots ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("spec", "kind"),
    [
        ("greedy", GreedyBot),
        ("inference", InferenceBot),
        ("ismcts", ISMCTSBot),
        ("random", RandomBot),
    ],
)
def test_each_built_in_name_gives_its_own_bot(spec: str, kind: type) -> None:
    assert type(load_bot(spec)) is kind


def test_the_search_budget_goes_to_the_ismcts_bot_only() -> None:
    assert load_bot("ismcts").iterations == 200  # type: ignore[attr-defined]
    bot = load_bot("ismcts", iterations=7)
    assert isinstance(bot, ISMCTSBot)
    assert bot.iterations == 7
    assert load_bot("greedy", iterations=7) == GreedyBot()


@pytest.mark.parametrize("spec", ["Greedy", " random", "clever", "", ":", "x:", ":X"])
def test_anything_else_without_module_and_name_is_refused(spec: str) -> None:
    error = refused(spec)
    assert str(error) == (
        f"bot {spec!r} is neither a built-in bot (greedy, inference, ismcts,"
        " random) nor written module:Class or path/to/file.py:Class"
    )


# --- exec: bots ---------------------------------------------------------------------


def test_an_exec_bot_runs_its_command_split_as_a_shell_would() -> None:
    bot = load_bot("exec:tonk  bot 'my bot'", iterations=3)
    assert isinstance(bot, ProcessBot)
    assert bot.command == ("tonk", "bot", "my bot")
    assert bot.name == "exec:tonk  bot 'my bot'"
    assert bot.timeout == 10.0
    assert bot.pid is None  # the program starts on the first decision


@pytest.mark.parametrize("spec", ["exec:", "exec:   ", "exec:''", "exec:'' x"])
def test_an_exec_bot_without_a_program_is_refused(spec: str) -> None:
    assert str(refused(spec)) == f"bot {spec!r} names no program to run"


def test_an_exec_bot_whose_command_cannot_be_split_is_refused() -> None:
    error = refused("exec:tonk 'bot")
    assert str(error) == (
        'cannot read the command of bot "exec:tonk \'bot": No closing quotation'
    )
    assert error.__cause__ is None
    assert error.__suppress_context__


# --- module:Class -------------------------------------------------------------------


@pytest.mark.usefixtures("folder")
def test_a_class_inside_a_class_is_found_by_its_dotted_name() -> None:
    bot = load_bot("fine_bots:Outer.Inner")
    assert type(bot).__qualname__ == "Outer.Inner"
    assert type(bot).__module__ == "fine_bots"


@pytest.mark.parametrize("where", ["./fine_bots", "fine_bots.", ".fine_bots", "a b"])
def test_a_module_that_is_neither_a_name_nor_a_file_is_refused(where: str) -> None:
    spec = f"{where}:FirstBot"
    assert str(refused(spec)) == (
        f"cannot load bot {spec!r}: {where!r} is neither a module's name nor a"
        f" .py file; expected {FORMS}"
    )


@pytest.mark.usefixtures("folder")
@pytest.mark.parametrize(
    ("where", "missing"),
    [
        ("no_such_module_of_tonk", "no_such_module_of_tonk"),
        ("no_such_package_of_tonk.bots", "no_such_package_of_tonk"),
        ("fine_bots.sub", "fine_bots.sub"),
    ],
)
def test_a_module_not_found_says_which_and_the_forms(where: str, missing: str) -> None:
    spec = f"{where}:Bot"
    error = refused(spec)
    assert str(error) == (
        f"cannot load bot {spec!r}: no module named {missing!r} (expected {FORMS})"
    )
    assert isinstance(error.__cause__, ModuleNotFoundError)
    assert error.__cause__.name == missing


@pytest.mark.usefixtures("folder")
@pytest.mark.parametrize("form", ["{}", "./{}.py"])
def test_a_bots_missing_dependency_is_not_taken_for_a_bad_spec(form: str) -> None:
    """The module was found: what it imports is missing, so say that as it is."""
    where = form.format("missing_dependency")
    spec = f"{where}:Bot"
    error = refused(spec)
    assert str(error) == (
        f"cannot load bot {spec!r}: importing {where!r} raised"
        " ModuleNotFoundError: No module named 'no_such_dependency_of_tonk'"
    )
    assert isinstance(error.__cause__, ModuleNotFoundError)
    assert "missing_dependency" not in sys.modules


@pytest.mark.usefixtures("folder")
@pytest.mark.parametrize("form", ["{}", "./{}.py"])
@pytest.mark.parametrize(
    ("module", "raised"),
    [
        ("broken_import", "ValueError: at import"),
        ("silent_import", "RuntimeError"),
    ],
)
def test_what_a_module_raises_on_import_is_a_bot_error(
    form: str, module: str, raised: str
) -> None:
    where = form.format(module)
    spec = f"{where}:Bot"
    for _ in range(2):  # nothing is left behind: the second try fails the same
        error = refused(spec)
        shown = f"cannot load bot {spec!r}: importing {where!r} raised {raised}"
        assert str(error) == shown
        assert type(error.__cause__).__name__ == raised.partition(":")[0]
        assert module not in sys.modules


@pytest.mark.usefixtures("folder")
@pytest.mark.parametrize("where", ["bot_error_import", "./bot_error_import.py"])
def test_a_bot_error_raised_on_import_goes_through_as_it_is(where: str) -> None:
    with pytest.raises(tonk.BotError) as caught:
        load_bot(f"{where}:Bot")
    assert str(caught.value) == "from the module"
    assert caught.value.bot == "inner"
    assert "bot_error_import" not in sys.modules


@pytest.mark.usefixtures("folder")
@pytest.mark.parametrize("where", ["interrupting", "./interrupting.py"])
def test_ctrl_c_on_import_goes_through_and_leaves_no_module(where: str) -> None:
    with pytest.raises(KeyboardInterrupt):
        load_bot(f"{where}:Bot")
    assert "interrupting" not in sys.modules


@pytest.mark.usefixtures("folder")
@pytest.mark.parametrize(
    ("spec", "where", "attribute"),
    [
        ("fine_bots:NoSuchBot", "'fine_bots'", "'NoSuchBot'"),
        ("fine_bots:Outer.Nothing", "'fine_bots'", "'Outer.Nothing'"),
        ("./fine_bots.py:Nothing", "'./fine_bots.py'", "'Nothing'"),
        ("absent_module:Bot", "'absent_module'", "'Bot'"),
    ],
)
def test_a_name_the_module_lacks_is_refused(
    spec: str, where: str, attribute: str
) -> None:
    error = refused(spec)
    assert str(error) == f"cannot load bot {spec!r}: {where} has no {attribute}"
    assert error.__cause__ is None
    assert error.__suppress_context__


@pytest.mark.usefixtures("folder")
def test_what_looking_a_name_up_raises_is_a_bot_error() -> None:
    error = refused("hostile_module:Outer.Bot")
    assert str(error) == (
        "cannot load bot 'hostile_module:Outer.Bot': looking up 'Outer.Bot'"
        " raised RuntimeError: no Outer"
    )
    assert isinstance(error.__cause__, RuntimeError)


@pytest.mark.usefixtures("folder")
def test_a_name_that_cannot_be_called_is_refused() -> None:
    assert str(refused("fine_bots:NOT_CALLABLE")) == (
        "cannot load bot 'fine_bots:NOT_CALLABLE': 'NOT_CALLABLE' is not a class"
        " or a function that makes a bot (an object with a choose(obs, legal,"
        " rng) method)"
    )


@pytest.mark.usefixtures("folder")
@pytest.mark.parametrize(
    ("name", "raised", "kind"),
    [
        ("fail", "ValueError: no bot today", ValueError),
        ("fail_silently", "ValueError", ValueError),
        ("leave", "SystemExit: bye", SystemExit),
        ("raise_bot_error", "BotError: inner words", tonk.BotError),
        ("fail_unprintably", "Unprintable", Exception),
    ],
)
def test_what_making_the_bot_raises_is_a_bot_error(
    name: str, raised: str, kind: type[BaseException]
) -> None:
    spec = f"fine_bots:{name}"
    error = refused(spec)
    assert str(error) == f"cannot build bot {spec!r}: {raised}"
    assert isinstance(error.__cause__, kind)


@pytest.mark.usefixtures("folder")
def test_what_is_made_must_have_a_choose_method() -> None:
    assert str(refused("fine_bots:make_none")) == (
        "bot 'fine_bots:make_none' gave None, which has no choose(obs, legal, rng)"
        " method"
    )
    message = str(refused("fine_bots:ChooseNotCallable"))
    assert re.fullmatch(
        r"bot 'fine_bots:ChooseNotCallable' gave <fine_bots\.ChooseNotCallable"
        r" object at 0x[0-9a-f]+>, which has no choose\(obs, legal, rng\) method",
        message,
    )


# --- path/to/file.py:Class ----------------------------------------------------------


@pytest.mark.usefixtures("folder")
def test_a_file_is_imported_as_the_module_of_its_stem() -> None:
    bot = load_bot("./fine_bots.py:FirstBot")
    module = sys.modules["fine_bots"]
    assert type(bot) is module.FirstBot
    assert module.__name__ == "fine_bots"
    assert Path(module.__file__ or "").resolve() == Path("fine_bots.py").resolve()


def test_a_bot_file_in_a_folder_with_a_colon_is_found(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only the last colon ends the file's path."""
    (folder / "a:b").mkdir()
    (folder / "a:b" / "colon_bots.py").write_text(FINE_BOTS)
    monkeypatch.delitem(sys.modules, "colon_bots", raising=False)
    bot = load_bot("a:b/colon_bots.py:FirstBot")
    assert type(bot).__module__ == "colon_bots"
    sys.modules.pop("colon_bots")
    error = refused("fine_bots:FirstBot:x")
    assert str(error) == (
        "cannot load bot 'fine_bots:FirstBot:x': 'fine_bots:FirstBot' is neither"
        f" a module's name nor a .py file; expected {FORMS}"
    )


@pytest.mark.usefixtures("folder")
def test_a_file_already_imported_by_name_is_not_imported_again() -> None:
    by_name = load_bot("fine_bots:FirstBot")
    by_file = load_bot("fine_bots.py:FirstBot")
    assert type(by_file) is type(by_name)


@pytest.mark.usefixtures("folder")
@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("./nothere.py:Bot", "no file './nothere.py'"),
        ("./fine_bots.py/x.py:Bot", "no file './fine_bots.py/x.py'"),
        (
            "my-bots.py:Bot",
            "the file's name must be a module's name (letters,"
            " digits, _), got 'my-bots.py'",
        ),
        (
            "./.py:Bot",
            "the file's name must be a module's name (letters, digits, _), got '.py'",
        ),
        (
            "sys.py:FirstBot",
            "a module named 'sys' is already loaded from elsewhere; rename the file",
        ),
        (
            "./re.py:Bot",
            "a module named 're' is already loaded from elsewhere; rename the file",
        ),
    ],
)
def test_a_bad_bot_file_is_refused(spec: str, message: str) -> None:
    assert str(refused(spec)) == f"cannot load bot {spec!r}: {message}"


@pytest.mark.usefixtures("folder")
def test_a_file_whose_name_is_too_long_is_a_bot_error() -> None:
    """The file is looked for, not found: the system's refusal is a BotError."""
    where = "a" * 300 + ".py"
    error = refused(f"{where}:Bot")
    assert str(error) == (
        f"cannot load bot '{where}:Bot': cannot read '{where}': File name too long"
    )
    assert error.__cause__ is None


# --- untrusted text -----------------------------------------------------------------


@pytest.mark.usefixtures("folder")
@pytest.mark.parametrize(
    "spec",
    [
        "\x1b[2Jclever",
        "fine_bots:\u202eBot",
        "\x1b[31m.py:Bot",
        "./n\u2028o.py:Bot",
        "no\x00where:Bot",
        "exec:'\x1b[2J",
        'exec:"" \x9b',
    ],
)
def test_a_specs_unsafe_characters_are_escaped_in_the_message(spec: str) -> None:
    message = str(refused(spec))
    assert first_unsafe(message) is None
    assert repr(spec) in message


def test_the_command_line_says_a_bad_bot_file_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "\x1b").mkdir()
    where = "\x1b/" + "b" * 300 + ".py"
    args = ["simulate", "--bots", f"{where}:Bot,random", "--hands", "1"]
    assert main(args) == 2
    captured = capsys.readouterr()
    shown = "'\\x1b/" + "b" * 300 + ".py"
    assert captured.out == ""
    assert captured.err == (
        f"tonk: error: cannot load bot {shown}:Bot': cannot read {shown}':"
        " File name too long\n"
    )


@pytest.mark.parametrize("spec", [None, b"greedy", 3, ["greedy"]])
def test_a_specification_that_is_not_text_is_a_type_error(spec: object) -> None:
    with pytest.raises(TypeError, match=r"^a bot's specification must be a str, got "):
        load_bot(spec)  # type: ignore[arg-type]
