"""The training workload of the core's profile-guided build (build_support/pgo_training.py).

setup.py falls back to a plain build when the training run fails, so a change of the
package that broke the workload would only make the core slower, silently: here it must
run, in the build's conditions (the package's modules only, no typer or rich)."""

from __future__ import annotations

import subprocess
import sys

from conftest import ROOT

TRAINING = ROOT / "build_support" / "pgo_training.py"
CHECK = f"""
import runpy, sys
sys.modules["typer"] = sys.modules["rich"] = None  # the build's environment has neither
runpy.run_path({str(TRAINING)!r}, run_name="__main__")  # exits with main()'s status
"""


def test_training_workload_runs_without_the_command_line_dependencies():
    run = subprocess.run([sys.executable, "-c", CHECK], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert run.returncode == 0, run.stderr

