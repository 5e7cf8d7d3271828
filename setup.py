"""Builds the Cython search core; everything else is in pyproject.toml."""

from Cython.Build import cythonize
from setuptools import Extension, setup

extension = Extension(
    "alsos_solver._search",
    ["alsos_solver/_search.pyx"],
    extra_compile_args=["-O3"],
)

setup(
    ext_modules=cythonize(
        [extension],
        language_level=3,
        compiler_directives={"boundscheck": False, "wraparound": False, "cdivision": True},
    )
)
