"""Start-up and the end of a run: the lazy package, the version constant, what --version
imports, subcommand dispatch, and the failures that must never show a traceback (Ctrl-C
while importing, a full disk, an output that cannot encode the suit symbols). Each of the
last runs the real program in a subprocess."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path

import pytest

import alsos_solver
from alsos_solver import launch

from cli_support import EXAMPLE
from conftest import ROOT


def run(*args: str, env: dict[str, str] | None = None, **kwargs) -> subprocess.CompletedProcess:
    """``python -m alsos_solver ARGS`` in a subprocess, from the repository's root."""
    return subprocess.run([sys.executable, "-m", "alsos_solver", *args], capture_output=True, cwd=ROOT,
                          env={**os.environ, **(env or {})}, timeout=120, preexec_fn=default_sigint, **kwargs)


def default_sigint() -> None:
    """Ctrl-C as at a terminal, though these tests may run where SIGINT is ignored (a
    background job), which the child would inherit."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


# The package


def test_version_is_pyproject_version():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert alsos_solver.__version__ == project["version"]


def test_importing_the_package_loads_no_module_of_it():
    code = "import sys, alsos_solver; print(sorted(m for m in sys.modules if m.startswith('alsos_solver')))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert json.loads(done.stdout.replace("'", '"')) == ["alsos_solver"]


def test_public_names_import_on_first_use():
    code = textwrap.dedent("""
        import alsos_solver.solve  # the submodule first: the package's name stays the function
        from alsos_solver import Deal, Solver, solve, __all__
        import alsos_solver
        assert callable(solve) and solve.__module__ == "alsos_solver.solve", solve
        assert alsos_solver.solve is solve and Deal.__name__ == "Deal"
        assert all(getattr(alsos_solver, name) is not None for name in __all__)
        assert "solve" in dir(alsos_solver)
        try:
            alsos_solver.nothing
        except AttributeError as error:
            print("ok", error)
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("ok") and "nothing" in done.stdout


@pytest.mark.parametrize("args", [["--version"], ["-V"], ["--json", "--version"], ["-V", "--no-solve"]])
def test_version_imports_neither_pydantic_nor_the_library(args):
    """An import-time regression that brought pydantic (typer 0.29 does, parsing options),
    the analyses, the solver or rich into ``--version`` fails here: alone, it is answered
    before typer is imported; with other options, typer answers it."""
    code = textwrap.dedent(f"""
        import sys
        from alsos_solver.launch import main
        status = main({args!r})
        print("MODULES", " ".join(sorted(sys.modules)))
        sys.exit(status)
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"alsos-solve {alsos_solver.__version__}\n")
    modules = done.stdout.split("MODULES ")[1].split()
    loaded = [m for m in modules if m.split(".")[0] == "pydantic" or m.startswith(
        ("alsos_solver.analysis", "alsos_solver.report", "alsos_solver.solve", "alsos_solver._search",
         "alsos_solver.render", "rich.progress"))]
    assert loaded == []


def test_a_plain_run_imports_no_analysis_and_no_pydantic():
    code = textwrap.dedent(f"""
        import sys
        from alsos_solver.launch import main
        status = main([{EXAMPLE!r}])
        print("MODULES", " ".join(sorted(sys.modules)))
        sys.exit(status)
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    modules = done.stdout.split("MODULES ")[1].split()
    assert "alsos_solver.solve" in modules
    assert [m for m in modules if m.split(".")[0] in ("pydantic", "typer", "click") or m.startswith((
        "alsos_solver.analysis", "alsos_solver.render.html", "alsos_solver.cli"))] == []


@pytest.mark.parametrize("name, text", [
    ("good.txt", None),
    ("missing.txt", ""),
    ("bad.txt", '[Deal "A:AK.. ..."]\n'),
    ("misspelt.txt", '[Contact "P"]\n'),
])
def test_files_without_options_run_as_the_default_command_does(tmp_path, name, text):
    """``alsos-solve FILE...`` without options skips typer (start-up): the same output,
    errors, warnings and exit status as through typer (``--`` before the files)."""
    if text is None:
        files = [EXAMPLE, str(tmp_path)]
        (tmp_path / "copy.txt").write_text(Path(EXAMPLE).read_text(encoding="utf-8"), encoding="utf-8")
    else:
        files = [str(tmp_path / name)]
        if name != "missing.txt":
            deal = Path(EXAMPLE).read_text(encoding="utf-8").split("\n\n")[0]
            (tmp_path / name).write_text(text + deal + "\n", encoding="utf-8")
    fast, typed = ([done.returncode, re.sub(rb"[0-9.]+ s\b", b"T s", done.stdout), done.stderr]
                   for done in (run(*files), run("--", *files)))
    assert fast == typed
    assert fast[0] == (0 if name in ("good.txt", "misspelt.txt") else 2)
    assert (b"did you mean" in fast[2]) == (name == "misspelt.txt")


# Subcommands


def test_a_registered_name_runs_its_subcommand(monkeypatch, tmp_path, capsys):
    """A subcommand is a typer app found by its name; anything else is the default command,
    and a file named like the subcommand is reached as ./NAME."""
    module = tmp_path / "hello_command.py"
    module.write_text(textwrap.dedent("""
        import typer
        app = typer.Typer(add_completion=False)

        @app.command()
        def hello(name: str) -> None:
            print(f"hello {name}")
            raise typer.Exit(3)
    """), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(launch.SUBCOMMANDS, "hello", "hello_command:app")
    assert launch.main(["hello", "you"]) == 3
    assert capsys.readouterr().out == "hello you\n"
    monkeypatch.chdir(tmp_path)
    (tmp_path / "hello").write_text(Path(EXAMPLE).read_text(encoding="utf-8"), encoding="utf-8")
    assert launch.main(["--no-solve", "--brief", "./hello"]) == 0
    assert "Deal 1 · ./hello" in capsys.readouterr().out


def test_every_registered_subcommand_is_a_typer_app():
    import typer

    assert {"deal", "batch", "stats", "odds", "check", "compose", "play"} <= set(launch.SUBCOMMANDS)
    for target in launch.SUBCOMMANDS.values():
        assert isinstance(launch.load(target), typer.Typer)


# Failures without a traceback


SIGINT_ON_IMPORT = """
import os, signal, sys
from importlib.abc import MetaPathFinder

class Interrupt(MetaPathFinder):
    '''Ctrl-C, as a user types it, while the program imports {module}.'''
    def find_spec(self, name, path=None, target=None):
        if name == {module!r}:
            sys.meta_path.remove(self)
            os.kill(os.getpid(), signal.SIGINT)
        return None

sys.meta_path.insert(0, Interrupt())
"""


@pytest.mark.parametrize("module", ["typer", "alsos_solver.report", "rich.console", "alsos_solver._search"])
def test_ctrl_c_while_importing_exits_130_in_one_line(tmp_path, module):
    (tmp_path / "sitecustomize.py").write_text(SIGINT_ON_IMPORT.format(module=module), encoding="utf-8")
    options = ("--",) if module == "typer" else ()  # files alone run without typer
    done = run(*options, EXAMPLE, env={"PYTHONPATH": str(tmp_path)}, text=True)
    assert done.returncode == 130, done.stderr
    assert done.stderr == "error: interrupted\n"


def test_ctrl_c_early_in_a_real_run():
    """SIGINT sent to a running process (start-up, or the table's search): 130, one line."""
    process = subprocess.Popen([sys.executable, "-m", "alsos_solver", "--no-solve", "--table", "--announce",
                                "--exchange", str(ROOT / "puzzles" / "dealt.txt")],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, cwd=ROOT,
                               preexec_fn=default_sigint)
    try:
        process.wait(timeout=0.15)
    except subprocess.TimeoutExpired:
        process.send_signal(signal.SIGINT)
    stderr = process.communicate(timeout=60)[1]
    assert process.returncode == 130, stderr
    assert stderr in ("error: interrupted\n", "error: interrupted: partial result\n")


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("args", [[EXAMPLE], ["--json", EXAMPLE], ["--brief", EXAMPLE], ["--version"], ["--help"]])
def test_a_full_disk_is_one_line_and_status_2(args):
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "alsos_solver", *args], stdout=full, stderr=subprocess.PIPE,
                              text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 2, done.stderr
    assert done.stderr == "error: cannot write the output: No space left on device\n"


@pytest.mark.parametrize("encoding", ["latin-1", "cp1252", "ascii"])
def test_an_output_without_the_suit_symbols_gets_the_suit_letters(encoding):
    done = run(EXAMPLE, env={"PYTHONIOENCODING": encoding})
    assert done.returncode == 0, done.stderr
    assert done.stderr == b""
    out = done.stdout.decode(encoding)
    for piece in ("P K O U 7", "Contract P hearts", "MK MX TU T8 ZO", "Game: won +", "[+]", "bela 20"
                  if encoding == "ascii" else "béla 20"):
        assert piece in out, piece
    data = json.loads(run("--json", EXAMPLE, env={"PYTHONIOENCODING": encoding}).stdout.decode(encoding))
    assert data[0]["meld_lines"] == ["B: terc to the King in hearts 20, béla 20"]
