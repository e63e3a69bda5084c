"""No circle of imports among the project's modules (issue 31), read statically from the sources with
ast: every import counts, the ones inside a function (a lazy import hides a circle, it does not
remove it) and under TYPE_CHECKING included. And the arrows point from the bot: no module of
engine/, render/, locales/ or migrations/ imports bot/.

One circle is known and allowed, and only ever to shrink: Alexander's rule phases call each other
as the rules do (a movement ends in a battle, a battle's aftermath in a retreat, a retreat can
be intercepted and fight again...), through lazy imports between their modules.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "render", "bot", "locales", "migrations")
ALEXANDER_RULE_PHASES = {f"engine.alexander.{name}" for name in (
    "aftermath", "battle", "cards_events", "cards_people", "intercept", "leader_moves", "leaders", "movement",
    "naval", "recruit", "retreat", "siege", "windows")}


def modules(root: Path, packages=PACKAGES) -> dict[str, Path]:
    found = {}
    for package in packages:
        for path in (root / package).rglob("*.py"):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def imports(root: Path, packages=PACKAGES) -> dict[str, set[str]]:
    """Each module -> the project modules it imports anywhere in its source. `from a import b`
    is module a.b when there is one, else a (whose __init__ then runs)."""
    known = modules(root, packages)
    graph: dict[str, set[str]] = {}
    for name, path in known.items():
        package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names if alias.name in known)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    base = ".".join(package[:len(package) - node.level + 1] + ([base] if base else []))
                for alias in node.names:
                    if f"{base}.{alias.name}" in known:
                        found.add(f"{base}.{alias.name}")
                    elif base in known:
                        found.add(base)
        graph[name] = found - {name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[set[str]] = []
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.add(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(group)
    return found


def test_no_import_circles_but_alexander_s_rule_phases():
    found = cycles(imports(ROOT))
    assert [sorted(group) for group in found if not group <= ALEXANDER_RULE_PHASES] == []
    assert all(name in modules(ROOT) for name in ALEXANDER_RULE_PHASES)  # a stale name is taken out


def test_only_the_bot_imports_the_bot():
    upward = sorted((name, target) for name, targets in imports(ROOT).items() if not name.startswith("bot")
                    for target in targets if target.split(".")[0] == "bot")
    assert upward == []


def test_a_lazy_circle_and_a_circle_through_a_package_are_found(tmp_path):
    (tmp_path / "pkg" / "sub").mkdir(parents=True)
    files = {
        "pkg/__init__.py": "",
        "pkg/a.py": "from pkg import b\n",
        "pkg/b.py": "def later():\n    from pkg.a import thing\n",  # the circle a <-> b, lazily
        "pkg/c.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg import sub\n",
        "pkg/sub/__init__.py": "from .d import x\n",
        "pkg/sub/d.py": "from ..c import y\n",  # c -> sub -> sub.d -> c, relative imports
        "pkg/e.py": "import pkg.a\n",  # in no circle
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    found = sorted(sorted(group) for group in cycles(imports(tmp_path, ("pkg",))))
    assert found == [["pkg.a", "pkg.b"], ["pkg.c", "pkg.sub", "pkg.sub.d"]]
