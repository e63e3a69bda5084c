"""The locks in requirements/ agree with pyproject.toml (issue 24).

Every install (README's two commands, CI, the Dockerfile, the systemd units) takes the exact
versions of requirements/bot.lock or requirements/dev.lock; pyproject.toml keeps the ranges a
library user needs. A dependency added to, removed from or narrowed in pyproject.toml without
`bash requirements/refresh` would install something the locks never saw: these tests fail then.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
_PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;\\]+)")


def _pins(lock: str) -> dict[str, str]:
    pins = {}
    for line in (ROOT / "requirements" / lock).read_text().splitlines():
        match = _PIN.match(line)
        if match:
            pins[canonicalize_name(match[1])] = match[2]
    return pins


def _project() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def _assert_pinned_within_range(requirements: list[str], pins: dict[str, str], lock: str) -> None:
    for text in requirements:
        req = Requirement(text)
        name = canonicalize_name(req.name)
        assert name in pins, f"{req.name} is in pyproject.toml but not in {lock}: run bash requirements/refresh"
        assert req.specifier.contains(pins[name], prereleases=True), (
            f"{lock} pins {req.name}=={pins[name]}, outside pyproject.toml's {req.specifier}: "
            "run bash requirements/refresh"
        )


def test_the_bot_lock_pins_every_dependency_within_its_range():
    _assert_pinned_within_range(_project()["dependencies"], _pins("bot.lock"), "bot.lock")


def test_the_dev_lock_pins_the_bot_and_the_dev_extra_within_their_ranges():
    project = _project()
    pins = _pins("dev.lock")
    _assert_pinned_within_range(project["dependencies"] + project["optional-dependencies"]["dev"], pins, "dev.lock")


def test_both_locks_install_the_same_version_of_what_they_share():
    bot, dev = _pins("bot.lock"), _pins("dev.lock")
    differ = {name: (version, dev[name]) for name, version in bot.items() if dev.get(name) != version}
    assert not differ, f"bot.lock and dev.lock disagree: {differ}"


def test_every_pin_carries_hashes():
    for lock in ("bot.lock", "dev.lock"):
        text = (ROOT / "requirements" / lock).read_text()
        entries = re.split(r"\n(?=[A-Za-z0-9])", text.split("\n", 2)[2])
        for entry in entries:
            if _PIN.match(entry):
                assert "--hash=sha256:" in entry, f"{lock}: {entry.splitlines()[0]} has no hash"


def test_every_install_in_the_repository_goes_through_a_lock():
    """README's commands, CI, the Dockerfile and the units install from a lock, never from ranges."""
    readme = (ROOT / "README.md").read_text()
    assert "pip install -q --require-hashes -r requirements/dev.lock" in readme
    assert "pip install -q --require-hashes -r requirements/bot.lock" in readme
    for path in [ROOT / "README.md", ROOT / "deploy" / "Dockerfile", *sorted((ROOT / "deploy").glob("*.service"))]:
        for line in path.read_text().splitlines():
            if re.search(r"pip install\b", line) and "--require-hashes" not in line:
                assert "--no-deps" in line, f"{path.name}: an install outside the lock: {line.strip()}"
