"""ShellTool's action: runs the test command, or the commands DevAgent asked for, in the
worktree. A refused command is not terminating: it goes back to DevAgent as context."""

from __future__ import annotations

import re
import shlex

from devagent.errors import EnvironmentProblem, StepRefused
from devagent.messages import Envelope
from devagent.pytest_output import first_failure
from devagent.tools.shell import CommandRejected, CommandResult, ProgramNotFound, ShellTool
from devagent.triage import environment_causes, key_loss_cause, triage_line
from devagent.verdict import Baseline, ReportChannel, Verdict, baseline_from, judge
from devagent.workflows.fix.events import FixAgent, FixEvent
from devagent.workflows.fix.state import FixState, TestRun
from devagent.workflows.fix.tools import FixTools

SHELL = FixAgent.SHELL_TOOL
# Short flags pytest takes without a value, written together (`-xq`): -x comes out of them.
_COMBINED_FLAGS = re.compile(r"-[qvsxlr]+")


class ShellStep:
    def __init__(self, state: FixState, tools: FixTools) -> None:
        self._state = state
        self._tools = tools

    def act(self, trigger: Envelope) -> Envelope:
        if trigger.role == FixAgent.DEV_AGENT and trigger.type == "instruction":
            return self._run_model_commands(trigger.commands or [])
        return self._run_tests()

    def _run(self, shell: ShellTool, command: str) -> CommandResult:
        return _logged_run(self._tools, shell, command)

    def _run_tests(self) -> Envelope:
        state, tools = self._state, self._tools
        command = tools.config.test_command
        try:
            result, verdict = run_test_command(state, tools)
        except CommandRejected as exc:
            reason = f"test command rejected: {exc.reason}"
            return state.message(SHELL, "status", reason, FixEvent.TOOL_ERROR)
        except ProgramNotFound as exc:
            reason = f"test_command: program '{exc.program}' not found on PATH"
            return state.message(SHELL, "status", reason, FixEvent.TOOL_ERROR)
        output = result.output
        if not verdict.green and result.passed:  # exit 0, yet not green: say why, first
            output = f"NOT GREEN: {verdict.reason}\n\n{output}"
        failure = None if verdict.green else first_failure(output, tools.worktree)
        if failure is not None and failure.test_name is None and state.last_failure is not None:
            # A fake green shows no failing test; the one that failed before still does.
            failure = type(failure)(state.last_failure.test_name, failure.message, failure.locations)
        state.last_test = TestRun(command, result.exit_code, output, result.timed_out, failure, verdict)
        state.note_test(state.last_test)
        if failure is not None:
            state.last_failure = failure
        content = output
        if result.timed_out:
            content = f"(timed out after {tools.config.shell.timeout_s:g}s; process group killed)\n{content}"
        event = FixEvent.TESTS_PASSED if verdict.green else FixEvent.TESTS_FAILED
        return state.message(SHELL, "output", content, event, status=result.exit_code)

    def _run_model_commands(self, commands: list[str]) -> Envelope:
        state, tools = self._state, self._tools
        outputs: list[str] = []
        for command in commands:
            try:
                result = self._run(tools.model_commands, command)
            except (CommandRejected, ProgramNotFound) as exc:
                reason = exc.reason if isinstance(exc, CommandRejected) else f"'{exc.program}' not found"
                tools.log.write(SHELL, "command_rejected", {"command": command, "reason": reason})
                raise StepRefused(
                    FixEvent.COMMAND_REJECTED,
                    f"command rejected: `{command}`: {reason}",
                    f"Your command `{command}` was rejected: {reason}",
                ) from None
            outputs.append(f"$ {command}\n(exit {result.exit_code})\n{result.output}")
        state.feedback = "Output of the commands you asked for:\n\n" + "\n\n".join(outputs)
        return state.message(SHELL, "output", "\n\n".join(outputs), FixEvent.COMMAND_OUTPUT)


def _logged_run(
    tools: FixTools, shell: ShellTool, command: str | list[str], channel: ReportChannel | None = None
) -> CommandResult:
    result = channel.run(shell, command) if channel is not None else shell.run(command)
    tools.log.write(
        SHELL,
        "tool_call",
        {
            "argv": result.argv,
            "exit_code": result.exit_code,
            "timed_out": result.timed_out,
            "duration_s": round(result.duration_s, 3),
        },
    )
    return result


def run_test_command(state: FixState, tools: FixTools) -> tuple[CommandResult, Verdict]:
    """Run the configured test command in the worktree (sandboxed) and judge it
    (devagent/verdict.py); the run's first test run becomes its baseline. That first run
    goes on past a first failure (--maxfail and -x are dropped for it, so no failure hides
    another), and ends the run with EnvironmentProblem (exit 10) when a failure is the
    environment's, not the code's (devagent/triage.py). Raises CommandRejected or
    ProgramNotFound as ShellTool does."""
    channel = ReportChannel(tools.worktree, tools.config.verdict.introspection)
    first = state.baseline is None
    command = whole_run(tools.config.test_command) if first else tools.config.test_command
    result = _logged_run(tools, tools.tests, command, channel)
    report = channel.report
    if state.baseline is None:
        state.baseline = baseline_from(report, tools.worktree, state.phase.protected_paths is None)
        log_baseline(tools, state.baseline, report if isinstance(report, str) else "read")
        _triage(tools, channel, result)
    verdict = judge(result.exit_code, result.timed_out, result.output, report, state.baseline, tools.worktree)
    tools.log.write(
        SHELL,
        "verdict",
        {"green": verdict.green, "reason": verdict.reason, "fixed": list(verdict.fixed), "ran": verdict.ran},
    )
    return result, verdict


def whole_run(test_command: str) -> list[str]:
    """The test command without the options that stop pytest at its first failures
    (`--maxfail=N`, `-x`, also inside `-xq`), as the baseline runs it."""
    words = shlex.split(test_command)
    kept: list[str] = []
    skip_value = False
    for word in words:
        if skip_value:
            skip_value = False
            continue
        if word in ("-x", "--exitfirst") or word.startswith("--maxfail="):
            continue
        if word == "--maxfail":
            skip_value = True
            continue
        if _COMBINED_FLAGS.fullmatch(word) and "x" in word:
            word = word.replace("x", "")
            if word == "-":
                continue
        kept.append(word)
    return kept


def _triage(tools: FixTools, channel: ReportChannel, result: CommandResult) -> None:
    """End the run before any repair when the baseline's failures are the environment's,
    or when the project's own, unchanged tests destroyed the verdict's key (no run of
    theirs could then be green)."""
    interpreter = tools.tests.interpreter
    python = str(interpreter.python) if interpreter is not None else "python"
    sandbox = tools.tests.sandbox
    network = sandbox.details().get("network") if sandbox is not None else None
    if sandbox is not None and sandbox.kind == "bwrap" and network is None:
        network = "private_loopback"  # bwrap's --unshare-net brings up lo
    if channel.key_loss is not None:
        causes = [key_loss_cause(channel.key_loss, tools.config.verdict.introspection)]
    else:
        causes = environment_causes(channel.report, result.output, tools.worktree, python, network)
    if not causes:
        return
    tools.log.write(
        SHELL, "triage", {"causes": [{"test": c.test, "what": c.what, "fix": c.fix} for c in causes]}
    )
    raise EnvironmentProblem(triage_line(causes))


def log_baseline(tools: FixTools, baseline: Baseline, source: str) -> None:
    """The `baseline` record (devagent/resume.py reads it back for a resumed run)."""
    tools.log.write(
        SHELL,
        "baseline",
        {
            "failing": sorted(baseline.failing),
            "passing": sorted(baseline.passing),
            "broken_files": sorted(baseline.broken_files),
            "assertion_guards": [f"{g.path}:{g.function}" for g in baseline.guards],
            "report": source,
        },
    )
