"""The verdict's channel into the test process (devagent/verdict.py's ReportChannel and the
plugin's _devagent_guard.py), issue 39.1: where the key is not, what an honest run keeps
doing, and what the guard does when the tests reach into the process.

Real pytest runs in a real worktree, through ShellTool and each real sandbox (as the fix
loop runs its test command); the attacks end to end through the fix loop are in
tests/test_verdict_key.py."""

from __future__ import annotations

import json
import os
import sys
import textwrap
from pathlib import Path

import pytest

from devagent.pytest_plugin import _devagent_guard as guard
from devagent.tools.harness_screen import screen_patch
from devagent.tools.patch_policy import PatchRefused
from devagent.tools.sandbox import choose_sandbox
from devagent.tools.shell import CommandPolicy, ShellTool
from devagent.verdict import PLUGIN_DIR, Baseline, PytestReport, ReportChannel, judge
from tests.test_fake_green import diff

COMMAND = "python -m pytest -q -p no:cacheprovider"
CALC = "def add(a, b):\n    return a + b\n"
TEST = "from calc import add\n\n\ndef test_add():\n    assert add(2, 3) == 5\n"


def shell_for(worktree: Path, kind: str) -> ShellTool:
    """The test command's ShellTool as a run builds it (workflows/run_setup.py)."""
    shown = (Path(sys.prefix), Path(sys.base_prefix), PLUGIN_DIR)
    sandbox = choose_sandbox(setting="bwrap" if kind == "bwrap" else "landlock").showing(shown)
    assert sandbox is not None and sandbox.kind == kind
    return ShellTool(
        worktree, CommandPolicy(allowed=("python",)), 120, [Path(sys.executable).parent], sandbox
    )


def worktree_with(folder: Path, files: dict[str, str]) -> Path:
    tree = folder / "tree"
    for rel, text in {"calc.py": CALC, "tests/test_calc.py": TEST, **files}.items():
        (tree / rel).parent.mkdir(parents=True, exist_ok=True)
        (tree / rel).write_text(textwrap.dedent(text))
    return tree


def run(tree: Path, kind: str, command: str = COMMAND) -> tuple[ReportChannel, str]:
    channel = ReportChannel(tree)
    result = channel.run(shell_for(tree, kind), command)
    return channel, result.output


# ------------------------------------------------------------------ where the key is not

LOOK_EVERYWHERE = """
    import json, os

    def test_look_for_the_channel():
        found = {"environ": {}, "pipes": {}, "own_environment": sorted(os.environ)}
        for pid in ["self"] + sorted(p for p in os.listdir("/proc") if p.isdigit()):
            try:
                found["environ"][pid] = open(f"/proc/{pid}/environ", "rb").read().hex()
            except OSError as exc:
                found["environ"][pid] = str(exc)
            try:
                fds = os.listdir(f"/proc/{pid}/fd")
            except OSError:
                continue
            for fd in fds:
                try:
                    if not os.readlink(f"/proc/{pid}/fd/{fd}").startswith("pipe:") or fd in "012":
                        continue
                    handle = os.open(f"/proc/{pid}/fd/{fd}", os.O_RDONLY | os.O_NONBLOCK)
                    found["pipes"][f"{pid}/{fd}"] = os.read(handle, 65536).hex()
                    os.close(handle)
                except OSError as exc:
                    found["pipes"][f"{pid}/{fd}"] = str(exc)
        with open("found.json", "w") as handle:
            json.dump(found, handle)
"""


@pytest.mark.adversarial
def test_the_key_is_in_no_environment_and_no_pipe_the_tests_can_open(
    tmp_path: Path, sandbox_kind: str
) -> None:
    """Every process the test can see (itself, the sandbox's init, its launcher): no
    environment holds the key (the first environment names the pipe's descriptor, which
    is no secret), and no pipe still holds it once the plugin has loaded; the test
    process's own environment has lost the channel's variables. Looking is itself
    reported: the key is destroyed."""
    tree = worktree_with(tmp_path, {"tests/test_look.py": LOOK_EVERYWHERE})

    channel, output = run(tree, sandbox_kind)

    found = json.loads((tree / "found.json").read_text())
    key = channel._key
    assert "1" in found["environ"] and found["pipes"], found  # it did see the sandbox's init
    for what in (found["environ"], found["pipes"]):
        for where, data in what.items():
            assert key.hex() not in data and key.hex().encode().hex() not in data, where
            assert b"DEVAGENT_VERDICT_KEY".hex() not in data, where
    assert not [name for name in found["own_environment"] if name.startswith("DEVAGENT")]
    assert "PYTHONSAFEPATH" not in found["own_environment"]
    assert channel.report == (
        "pytest's report is not signed: the tests opened a process's memory, environment or "
        "descriptors under /proc (in tests/test_look.py::test_look_for_the_channel (call))"
    ), output
    assert channel.key_loss is not None and channel.key_loss.event == "open"
    assert channel.key_loss.at.startswith("tests/test_look.py:")


@pytest.mark.adversarial
def test_a_child_of_the_test_process_cannot_read_its_memory(tmp_path: Path, sandbox_kind: str) -> None:
    """The plugin makes the test process non-dumpable: a program the tests start (it has no
    audit hook) may not open the test process's memory or environment."""
    child = (
        "import os\n"
        "for name in ('mem', 'environ'):\n"
        "    try:\n"
        "        open(f'/proc/{os.getppid()}/{name}', 'rb').close()\n"
        "        print(name, 'OPENED')\n"
        "    except OSError as exc:\n"
        "        print(name, 'DENIED', exc.errno)\n"
        "print('CapEff', [l.split()[1] for l in open('/proc/self/status') if l.startswith('CapEff')][0])\n"
    )
    spawn = f"""
        import subprocess, sys

        def test_spawn():
            out = subprocess.run([sys.executable, "-c", {child!r}], capture_output=True, text=True)
            open("child.txt", "w").write(out.stdout + out.stderr)
    """
    tree = worktree_with(tmp_path, {"tests/test_spawn.py": spawn})

    run(tree, sandbox_kind)

    said = (tree / "child.txt").read_text()
    if sandbox_kind == "landlock" and "CapEff 0000000000000000" not in said:
        pytest.xfail(f"the Landlock launcher leaves the command capabilities (issue 39.6): {said}")
    assert "mem DENIED" in said and "environ DENIED" in said, said


# ------------------------------------------------------------------ an honest run

HONEST = """
    import ctypes, logging, os, subprocess, sys

    import pytest


    def test_what_honest_tests_do():
        logging.getLogger("x").warning("logging looks at frames")  # sys._getframe
        try:
            raise ValueError("tracebacks")
        except ValueError as exc:
            assert exc.__traceback__.tb_frame is not None  # tb_frame of one's own traceback
        ctypes.CDLL(None)  # loading a library is not reading memory
        open("/proc/self/status").read()  # nor is a process's status
        child = subprocess.run([sys.executable, "-c", "import calc"], capture_output=True, text=True)
        assert child.returncode == 0, child.stderr  # the worktree is importable, as always
        os.makedirs("inner", exist_ok=True)  # written after collection: not the run's own
        open("inner/test_inner.py", "w").write("def test_inner():\\n    pass\\n")
        inner = ["-q", "-p", "_devagent_report", "-p", "no:cacheprovider", "--rootdir", "inner", "inner"]
        assert pytest.main(inner) == 0  # a session inside this one
"""


def test_an_honest_run_is_signed_and_green(tmp_path: Path, sandbox_kind: str) -> None:
    tree = worktree_with(tmp_path, {"tests/test_honest.py": HONEST})

    channel, output = run(tree, sandbox_kind)

    assert isinstance(channel.report, PytestReport), (channel.report, output)
    assert channel.report.outcomes == {
        "tests/test_calc.py::test_add": "passed",
        "tests/test_honest.py::test_what_honest_tests_do": "passed",
    }  # the inner session's test is not the run's
    assert judge(0, False, output, channel.report, Baseline(), tree).green


def test_the_pytest_script_is_signed_too(tmp_path: Path, sandbox_kind: str) -> None:
    """`pytest` (the console script) instead of `python -m pytest`: a rootdir conftest.py
    puts the root on sys.path, as it does without Dev Agent."""
    tree = worktree_with(tmp_path, {"conftest.py": ""})
    channel = ReportChannel(tree)
    shell = shell_for(tree, sandbox_kind)
    shell.policy = CommandPolicy(allowed=("pytest",))

    result = channel.run(shell, "pytest -q -p no:cacheprovider")

    assert isinstance(channel.report, PytestReport), (channel.report, result.output)
    assert channel.report.outcomes == {"tests/test_calc.py::test_add": "passed"}


# ------------------------------------------------------------------ the guard at work


@pytest.mark.adversarial
@pytest.mark.parametrize(
    ("body", "reason"),
    [
        ("ctypes.c_char.from_address(id(0))", "the tests called ctypes.cdata"),
        ("ctypes.string_at(id(0), 8)", "the tests called ctypes"),
        ("gc.get_referrers(test_reach)", "the tests called gc.get_referrers"),
        ("sys.addaudithook(lambda *a: None)", "the tests called sys.addaudithook"),
        ("open(f'/proc/{os.getpid()}/task/{os.getpid()}/mem', 'rb')", "the tests opened"),
        ("os.open('/proc/self', os.O_RDONLY)", "the tests opened"),
        (
            "[os.chdir('/proc/self/fd'), os.chdir(os.path.dirname(os.path.dirname(__file__)))]",
            "the tests opened",
        ),
    ],
    ids=[
        "ctypes-from-address",
        "ctypes-string-at",
        "gc-referrers",
        "audit-hook",
        "task-mem",
        "proc-dir",
        "chdir-fd",
    ],
)
def test_reaching_into_the_process_destroys_the_key(
    tmp_path: Path, sandbox_kind: str, body: str, reason: str
) -> None:
    """The run goes on as it would (the tests pass), but its report cannot be signed, and
    the verdict says why."""
    test = f"""
        import ctypes, gc, os, sys

        def test_reach():
            try:
                {body}
            except OSError:
                pass
    """
    tree = worktree_with(tmp_path, {"tests/test_reach.py": test})

    channel, output = run(tree, sandbox_kind)

    assert isinstance(channel.report, str) and reason in channel.report, (channel.report, output)
    assert not judge(0, False, output, channel.report, Baseline(), tree).green


@pytest.mark.adversarial
def test_the_plugins_functions_cannot_be_swapped(tmp_path: Path, sandbox_kind: str) -> None:
    test = """
        import sys

        def test_swap():
            recorder = sys.modules["_devagent_report"]._Recorder
            try:
                recorder.pytest_sessionfinish.__code__ = (lambda self, session, exitstatus: None).__code__
            except RuntimeError as exc:
                open("refused.txt", "w").write(str(exc))
    """
    tree = worktree_with(tmp_path, {"tests/test_swap.py": test})

    channel, _output = run(tree, sandbox_kind)

    assert (tree / "refused.txt").read_text() == "the tests changed a function of the verdict's plugin"
    assert channel.report == (
        "pytest's report is not signed: the tests changed a function of the verdict's plugin "
        "(in tests/test_swap.py::test_swap (call))"
    )
    assert channel.key_loss is not None and channel.key_loss.event == "object.__setattr__"


def test_code_of_the_worktree_run_before_the_plugin_is_not_green(tmp_path: Path, sandbox_kind: str) -> None:
    """The repository's own pytest configuration loads a module of the worktree with `-p`
    (before the verdict's plugin, whose `-p` comes from PYTEST_ADDOPTS): reported."""
    ini = "[pytest]\npythonpath = .\naddopts = -p localplugin\n"
    tree = worktree_with(tmp_path, {"pytest.ini": ini, "localplugin.py": "VALUE = 1\n"})

    channel, output = run(tree, sandbox_kind)

    assert isinstance(channel.report, PytestReport) and channel.report.preloaded == ("localplugin",), output
    verdict = judge(0, False, output, channel.report, Baseline(), tree)
    assert not verdict.green and "ran before the verdict's plugin loaded" in verdict.reason


# ------------------------------------------------------------------ the parent's side


def test_the_environment_names_the_pipe_and_withholds_the_worktree(tmp_path: Path) -> None:
    tree = tmp_path / "tree"
    tree.mkdir()
    channel = ReportChannel(tree)
    base = {"PYTHONPATH": os.pathsep.join(["src", "", "/opt/lib", str(tree / "pkg")])}

    env = channel.environment(base, 7)

    assert env["DEVAGENT_VERDICT_FD"] == "7" and env["PYTHONSAFEPATH"] == "1"
    assert env["PYTHONPATH"].split(os.pathsep) == [str(PLUGIN_DIR), "/opt/lib"]
    message = channel._message(base)
    assert message[: guard.KEY_BYTES] == channel._key and channel._key.hex() not in json.dumps(env)
    settings = message[guard.KEY_BYTES :].split(b"\0")
    assert settings == [
        f"report={channel.path}".encode(),
        f"worktree={tree}".encode(),
        f"pythonpath={tree / 'src'}".encode(),
        f"pythonpath={tree}".encode(),
        b"pythonpath=/opt/lib",
        f"pythonpath={tree / 'pkg'}".encode(),
        b"safe_path=1",
    ]


@pytest.mark.parametrize(
    ("argv", "first"),
    [
        (["python", "-m", "pytest", "-q"], "cwd"),
        (["python", "-B", "-mpytest"], "cwd"),
        (["python", "-X", "dev", "-m", "pytest"], "cwd"),
        (["python", "-c", "import pytest"], ""),
        (["python", "-P", "-m", "pytest"], None),
        (["python", "-I", "-m", "pytest"], None),
        (["/venv/bin/python", "/venv/bin/pytest", "-q"], "/venv/bin"),
    ],
)
def test_the_first_path_entry_is_put_back_as_python_would(
    monkeypatch: pytest.MonkeyPatch, argv: list[str], first: str | None
) -> None:
    monkeypatch.setattr(sys, "orig_argv", argv)

    assert guard._first_path_entry() == (os.getcwd() if first == "cwd" else first)


@pytest.mark.parametrize(
    ("path", "reaches"),
    [
        ("/proc/self/mem", True),
        ("/proc/1/environ", True),
        ("/proc/self/fd/5", True),
        ("/proc/thread-self/fd", True),
        ("/proc/12/task/13/mem", True),
        ("/proc/self", True),
        ("/proc", True),
        ("self/mem", True),
        ("/proc//self/./environ", True),
        ("/dev/fd/../environ", True),
        ("/proc/self/status", False),
        ("/proc/self/maps", False),
        ("/proc/cpuinfo", False),
        ("data/2023/stack.csv", False),
        ("87", False),  # relative to a folder descriptor: git's objects, say
        ("proc/1", False),
        ("tests/test_x.py", False),
        (3, False),
    ],
)
def test_which_opens_reach_into_processes(path: str | int, reaches: bool) -> None:
    proc = os.stat("/proc").st_dev
    tools = (os.fspath, os.fsdecode, os.path.realpath, os.stat, proc, guard._PROC_SENSITIVE, guard._PID_LIKE)
    assert guard._reaches_into_processes(path, tools) is reaches


def test_a_link_to_a_process_file_is_followed(tmp_path: Path) -> None:
    (tmp_path / "innocent").symlink_to("/proc/self/environ")
    proc = os.stat("/proc").st_dev
    tools = (os.fspath, os.fsdecode, os.path.realpath, os.stat, proc, guard._PROC_SENSITIVE, guard._PID_LIKE)

    assert guard._reaches_into_processes(str(tmp_path / "innocent"), tools)
    assert not guard._reaches_into_processes(str(tmp_path), tools)


# ------------------------------------------------------------------ the patch screen

CODE = "def add(a, b):\n    return a - b\n"


@pytest.mark.adversarial
@pytest.mark.parametrize(
    ("path", "old", "new", "refused"),
    [
        ("calc.py", CODE, CODE + "import os\nos._exit(0)\n", "calc.py adds 'os._exit'"),
        ("calc.py", CODE, CODE + "E = open('/proc/self/environ').read()\n", "calc.py adds '/proc/'"),
        ("pkg/mod.py", CODE, CODE + "import _pytest.runner\n", "pkg/mod.py adds '_pytest'"),
        ("calc.py", CODE, CODE + "import gc\nX = gc.get_objects()\n", "adds 'gc.get_objects'"),
        ("calc.py", CODE, CODE + "import ctypes\n", "adds 'ctypes'"),
        ("calc.py", CODE, CODE + "import sys\nsys.addaudithook(print)\n", "adds 'addaudithook'"),
        ("calc.py", CODE, CODE + "import os\nos.environ['PYTEST_ADDOPTS'] = ''\n", "adds 'PYTEST_ADDOPTS'"),
        ("json.py", None, "X = 1\n", "json.py would shadow the standard library's `json` module"),
        ("inspect/__init__.py", None, "X = 1\n", "would shadow the standard library's `inspect`"),
        ("src/tokenize.py", None, "X = 1\n", "would shadow the standard library's `tokenize`"),
        ("pluggy.py", None, "X = 1\n", "would shadow pytest's (or the verdict plugin's) `pluggy`"),
        ("_devagent_report.py", None, "X = 1\n", "`_devagent_report` module"),
        ("sitecustomize.py", None, "X = 1\n", "`sitecustomize` module"),
    ],
)
def test_the_screen_refuses_harness_reaching_patches(
    path: str, old: str | None, new: str, refused: str
) -> None:
    with pytest.raises(PatchRefused) as caught:
        screen_patch(diff(path, old, new))
    assert refused in caught.value.reason and "\n" not in caught.value.reason


@pytest.mark.parametrize(
    ("path", "old", "new"),
    [
        ("calc.py", CODE, CODE.replace("a - b", "a + b")),  # a fix
        ("tests/test_calc.py", "", "import _pytest\n"),  # the tests may (when not protected)
        ("conftest.py", None, "import pytest\n\ndef pytest_configure(config):\n    config.pluginmanager\n"),
        ("calc.py", "import os\nos._exit(1)\n", "import os\nos._exit(0)\n"),  # a line that had it
        ("json.py", "X = 1\n", "X = 2\n"),  # the repository's own module of that name
        ("pkg/json.py", None, "X = 1\n"),  # not at the top: pkg.json
        ("README.md", "", "Read /proc/self/status with ctypes.\n"),  # not Python
    ],
)
def test_the_screen_lets_ordinary_patches_by(path: str, old: str | None, new: str) -> None:
    screen_patch(diff(path, old, new))
