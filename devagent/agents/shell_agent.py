"""ShellTool: runs the test command, or the commands DevAgent asked for, in the worktree."""

from __future__ import annotations

from devagent.fix_state import TestRun
from devagent.interrupt import Interrupted
from devagent.messages import Envelope
from devagent.session import FixSession
from devagent.test_report import first_failure
from devagent.tools.shell import CommandRejected, CommandResult, ProgramNotFound, ShellTool


class ShellToolActions:
    def __init__(self, session: FixSession) -> None:
        self._s = session

    def act(self, trigger: Envelope | None) -> Envelope:
        if trigger is not None and trigger.role == "DevAgent" and trigger.type == "instruction":
            return self._run_model_commands(trigger.commands or [])
        return self._run_tests()

    def _run(self, shell: ShellTool, command: str) -> CommandResult:
        result = shell.run(command)
        self._s.log.write(
            "ShellTool",
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
        s = self._s
        command = s.config.test_command
        try:
            result = self._run(s.tests, command)
        except Interrupted:
            return s.envelope("ShellTool", "status", "interrupted while running the tests", "interrupted")
        except CommandRejected as exc:
            return s.envelope("ShellTool", "status", f"test command rejected: {exc.reason}", "tool_error")
        except ProgramNotFound as exc:
            return s.envelope(
                "ShellTool",
                "status",
                f"test_command: program '{exc.program}' not found on PATH",
                "tool_error",
            )
        failure = None if result.passed else first_failure(result.output, s.worktree)
        s.state.last_test = TestRun(command, result.exit_code, result.output, result.timed_out, failure)
        if failure is not None:
            s.state.last_failure = failure
        content = result.output
        if result.timed_out:
            content = f"(timed out after {s.config.shell.timeout_s:g}s; process group killed)\n{content}"
        event = "tests_passed" if result.passed else "tests_failed"
        return s.envelope("ShellTool", "output", content, event, status=result.exit_code)

    def _run_model_commands(self, commands: list[str]) -> Envelope:
        s = self._s
        outputs: list[str] = []
        for command in commands:
            try:
                result = self._run(s.model_commands, command)
            except Interrupted:
                return s.envelope(
                    "ShellTool", "status", f"interrupted while running `{command}`", "interrupted"
                )
            except (CommandRejected, ProgramNotFound) as exc:
                reason = exc.reason if isinstance(exc, CommandRejected) else f"'{exc.program}' not found"
                s.log.write("ShellTool", "command_rejected", {"command": command, "reason": reason})
                s.state.feedback = f"Your command `{command}` was rejected: {reason}"
                return s.envelope(
                    "ShellTool", "status", f"command rejected: `{command}`: {reason}", "command_rejected"
                )
            outputs.append(f"$ {command}\n(exit {result.exit_code})\n{result.output}")
        s.state.feedback = "Output of the commands you asked for:\n\n" + "\n\n".join(outputs)
        return s.envelope("ShellTool", "output", "\n\n".join(outputs), "command_output")
