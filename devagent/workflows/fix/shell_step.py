"""ShellTool's action: runs the test command, or the commands DevAgent asked for, in the
worktree. A refused command is not terminating: it goes back to DevAgent as context."""

from __future__ import annotations

from devagent.errors import StepRefused
from devagent.messages import Envelope
from devagent.pytest_output import first_failure
from devagent.tools.shell import CommandRejected, CommandResult, ProgramNotFound, ShellTool
from devagent.workflows.fix.events import FixAgent, FixEvent
from devagent.workflows.fix.state import FixState, TestRun
from devagent.workflows.fix.tools import FixTools

SHELL = FixAgent.SHELL_TOOL


class ShellStep:
    def __init__(self, state: FixState, tools: FixTools) -> None:
        self._state = state
        self._tools = tools

    def act(self, trigger: Envelope) -> Envelope:
        if trigger.role == FixAgent.DEV_AGENT and trigger.type == "instruction":
            return self._run_model_commands(trigger.commands or [])
        return self._run_tests()

    def _run(self, shell: ShellTool, command: str) -> CommandResult:
        result = shell.run(command)
        self._tools.log.write(
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

    def _run_tests(self) -> Envelope:
        state, tools = self._state, self._tools
        command = tools.config.test_command
        try:
            result = self._run(tools.tests, command)
        except CommandRejected as exc:
            reason = f"test command rejected: {exc.reason}"
            return state.message(SHELL, "status", reason, FixEvent.TOOL_ERROR)
        except ProgramNotFound as exc:
            reason = f"test_command: program '{exc.program}' not found on PATH"
            return state.message(SHELL, "status", reason, FixEvent.TOOL_ERROR)
        failure = None if result.passed else first_failure(result.output, tools.worktree)
        state.last_test = TestRun(command, result.exit_code, result.output, result.timed_out, failure)
        state.note_test(state.last_test)
        if failure is not None:
            state.last_failure = failure
        content = result.output
        if result.timed_out:
            content = f"(timed out after {tools.config.shell.timeout_s:g}s; process group killed)\n{content}"
        event = FixEvent.TESTS_PASSED if result.passed else FixEvent.TESTS_FAILED
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
