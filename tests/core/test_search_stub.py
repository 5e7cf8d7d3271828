"""The search core's type stub (``alsos_solver/_search.pyi``) against the compiled module:
the stub names every name the module shows, no more (``Core``'s methods and properties,
the exception it raises), and each method with the parameters it takes, so that a method
added to the core without its stub fails here."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import alsos_solver
from alsos_solver import _search

STUB = ast.parse((Path(alsos_solver.__file__).parent / "_search.pyi").read_text(encoding="utf-8"))


def public(names) -> set[str]:
    """The names without the dunders (which every module and class has)."""
    return {name for name in names if not (name.startswith("__") and name.endswith("__"))}


def defined(body: list[ast.stmt]) -> dict[str, ast.stmt]:
    """The names a stub's module or class body defines: classes, functions, annotated
    attributes, and names imported ``as`` themselves (the stubs' way to re-export)."""
    names: dict[str, ast.stmt] = {}
    for node in body:
        if isinstance(node, (ast.ClassDef, ast.FunctionDef)):
            names[node.name] = node
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names[node.target.id] = node
        elif isinstance(node, ast.ImportFrom):
            names.update((alias.name, node) for alias in node.names if alias.asname == alias.name)
    return names


CORE = defined(STUB.body)["Core"]
assert isinstance(CORE, ast.ClassDef)
MEMBERS = defined(CORE.body)


def is_property(node: ast.stmt) -> bool:
    return isinstance(node, ast.AnnAssign) or any(
        isinstance(decorator, ast.Name) and decorator.id == "property" for decorator in node.decorator_list)


def stub_parameters(function: ast.FunctionDef) -> list[tuple[str, inspect._ParameterKind, bool]]:
    """Each parameter of a stub's function: its name, kind and whether it has a default."""
    arguments = function.args
    positional = arguments.posonlyargs + arguments.args
    defaults = [False] * (len(positional) - len(arguments.defaults)) + [True] * len(arguments.defaults)
    result = [(a.arg, inspect.Parameter.POSITIONAL_OR_KEYWORD, d) for a, d in zip(positional, defaults)]
    result += [(a.arg, inspect.Parameter.KEYWORD_ONLY, d is not None) for a, d in zip(arguments.kwonlyargs, arguments.kw_defaults)]
    return result


def runtime_parameters(function) -> list[tuple[str, inspect._ParameterKind, bool]]:
    return [(p.name, p.kind, p.default is not p.empty) for p in inspect.signature(function).parameters.values()]


def test_the_stub_names_every_name_of_the_module():
    assert public(defined(STUB.body)) == public(dir(_search))


def test_the_stub_names_every_method_and_property_of_the_core():
    assert public(MEMBERS) == public(dir(_search.Core))


def test_the_stubs_properties_are_the_cores_attributes():
    for name, node in MEMBERS.items():
        runtime = inspect.getattr_static(_search.Core, name, None)
        if not name.startswith("__"):
            assert is_property(node) == inspect.isgetsetdescriptor(runtime), name


def test_each_method_takes_the_parameters_the_stub_gives():
    methods = [node for name, node in MEMBERS.items() if not is_property(node) and not name.startswith("__")]
    assert methods
    for method in methods:
        assert isinstance(method, ast.FunctionDef)
        runtime = runtime_parameters(getattr(_search.Core, method.name))
        assert stub_parameters(method) == runtime, method.name


def test_the_stubs_literal_defaults_are_the_cores():
    """Where the stub writes a default out (not ``...``), it is the one the core takes."""
    for name in ("setup", "set_goal"):
        method = MEMBERS[name]
        assert isinstance(method, ast.FunctionDef)
        runtime = inspect.signature(getattr(_search.Core, name)).parameters
        for argument, default in zip(method.args.kwonlyargs, method.args.kw_defaults):
            if default is not None and not (isinstance(default, ast.Constant) and default.value is Ellipsis):
                assert ast.literal_eval(default) == runtime[argument.arg].default, (name, argument.arg)
