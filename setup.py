"""Builds the Cython search core; everything else is in pyproject.toml.

The core is compiled for the processor of the machine that builds it (``-march=native``),
and with profile-guided optimization: compiled once instrumented, run on a training
workload (build_support/pgo_training.py), compiled again with the branch and call counts
it recorded. Each is measured in benchmarks/results.md ('Build'). Either is left out,
saying so, where the compiler cannot do it (PGO needs GCC's profiles); the results are the
same, only the speed differs.

- ``ALSOS_SOLVER_PORTABLE=1``: no ``-march=native``, for a build that runs on other
  machines of the architecture (a wheel to copy elsewhere).
- ``ALSOS_SOLVER_PGO=0``: no training run, a quicker build.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.errors import CompileError, LinkError

ROOT = Path(__file__).resolve().parent
TRAINING = ROOT / "build_support" / "pgo_training.py"
PLAIN = ["-O3"]
NATIVE = ["-march=native"]
PROFILE_GENERATE = ["-fprofile-generate"]
PROFILE_USE = ["-fprofile-use", "-fprofile-correction"]


class NoProfile(Exception):
    """The training run wrote no GCC profile (another compiler)."""


class OptimizedBuild(build_ext):
    """build_ext with the machine's instruction set and a profile-guided second compile."""

    def build_extension(self, ext: Extension) -> None:
        base = list(PLAIN)
        if os.environ.get("ALSOS_SOLVER_PORTABLE") != "1" and self._accepts(NATIVE):
            base += NATIVE
        if os.environ.get("ALSOS_SOLVER_PGO") == "0" or not TRAINING.exists() or not self._accepts(PROFILE_GENERATE):
            self._compile(ext, base, [])
            return
        try:
            self._trained(ext, base)
        except (OSError, subprocess.CalledProcessError, CompileError, LinkError, NoProfile) as problem:
            print(f"alsos-solver: building the core without profile-guided optimization ({problem})", file=sys.stderr)
            self._compile(ext, base, [])

    def _trained(self, ext: Extension, base: list[str]) -> None:
        """Compile instrumented, run the training workload on it, compile with its profile."""
        for stale in Path(self.build_temp).rglob("*.gcda"):
            stale.unlink()
        self._compile(ext, base + PROFILE_GENERATE, PROFILE_GENERATE)
        with tempfile.TemporaryDirectory() as stage:
            package = Path(stage) / "alsos_solver"
            shutil.copytree(ROOT / "alsos_solver", package, ignore=shutil.ignore_patterns("*.so", "*.c", "__pycache__"))
            shutil.copy(self.get_ext_fullpath(ext.name), package)
            subprocess.run([sys.executable, str(TRAINING)], check=True, cwd=stage, env={**os.environ, "PYTHONPATH": stage})
        if not any(Path(self.build_temp).rglob("*.gcda")):
            raise NoProfile("the training run wrote no profile")
        self._compile(ext, base + PROFILE_USE, [])

    def _compile(self, ext: Extension, compile_args: list[str], link_args: list[str]) -> None:
        ext.extra_compile_args, ext.extra_link_args = compile_args, link_args
        self.force = True
        super().build_extension(ext)

    def _accepts(self, flags: list[str]) -> bool:
        """Whether the compiler compiles and links a small program with ``flags``."""
        with tempfile.TemporaryDirectory() as folder:
            source = Path(folder) / "probe.c"
            source.write_text("int main(void) { return 0; }\n")
            try:
                objects = self.compiler.compile([str(source)], output_dir=folder, extra_postargs=flags)
                self.compiler.link_executable(objects, str(Path(folder) / "probe"), extra_postargs=flags)
            except (CompileError, LinkError, OSError):
                return False
        return True


extension = Extension(
    "alsos_solver._search",
    ["alsos_solver/_search.pyx"],
    extra_compile_args=PLAIN,
)

setup(
    cmdclass={"build_ext": OptimizedBuild},
    ext_modules=cythonize(
        [extension],
        language_level=3,
        compiler_directives={"boundscheck": False, "wraparound": False, "cdivision": True},
    ),
)
