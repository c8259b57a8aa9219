"""`dev-agent debate eval DEBATE.json`: evaluator agents score a finished debate's final
solution from 1 to 10 per criterion (the seed's eval flow); the averages per criterion,
each evaluator's scores and summary are written as JSON and as a Markdown table.

An evaluator whose reply stays invalid after its re-prompt is left out with a warning
(the seed skips it); when none is left the command fails with exit 5. The evaluators
are configured like debate agents (`--config`: a JSON or YAML file with `agents`, each
an id, name, model spec, temperature and optional systemPromptPath/userPromptPath);
the default is one evaluator on the tool config's model.reviewer."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from pydantic import Field, ValidationError

from devagent.agents import ask_validated, strict_schema
from devagent.config import load_config
from devagent.errors import ExitCode, ModelProtocolError, UsageError
from devagent.models.base import ChatMessage, ReplyFormat
from devagent.secret_values import redact
from devagent.text import printable
from devagent.user_files import check_output, write_output
from devagent.workflows.debate.config import _Seed, config_error, read_config_file
from devagent.workflows.debate.progress import Progress
from devagent.workflows.debate.prompt_paths import prompt_file
from devagent.workflows.debate.prompts import (
    builtin_prompt,
    clarifications_text,
    fill,
    read_prompt_file,
)
from devagent.workflows.debate.replies import ScoreReply
from devagent.workflows.debate.state import DebateState, Solution, load_debate

FUNCTIONAL = ("functional_completeness", "requirements_fulfillment")
NON_FUNCTIONAL = ("performance_scalability", "security", "maintainability_evolvability", "testability")


class EvaluatorConfig(_Seed):
    id: str
    name: str
    model: str | None = None
    provider: str | None = None
    temperature: float = Field(default=0.1, ge=0.0, le=2.0)
    system_prompt_path: str | None = None
    user_prompt_path: str | None = None
    enabled: bool = True

    def model_spec(self, default: str, key: str) -> str:
        from devagent.models.factory import seed_model_spec

        if self.model is None:
            return default
        return seed_model_spec(self.model, self.provider, f"{key}.model", f"{key}.provider")


class EvalConfig(_Seed):
    agents: list[EvaluatorConfig] = Field(default_factory=list)


def solution_text(solution: Solution) -> str:
    parts = [solution.description]
    if solution.implementation:
        parts.append(f"Implementation: {solution.implementation}")
    for title, items in (("Tradeoffs", solution.tradeoffs), ("Recommendations", solution.recommendations)):
        if items:
            parts.append(f"{title}:\n" + "\n".join(f"- {i}" for i in items))
    return "\n\n".join(parts)


def _evaluators(path: Path | None, progress: Progress) -> tuple[list[EvaluatorConfig], Path]:
    if path is None:
        return [EvaluatorConfig(id="eval-1", name="Evaluator")], Path.cwd()
    data = read_config_file(path)
    if data is None:
        raise UsageError(f"{path}: evaluator config not found")
    try:
        config = EvalConfig.model_validate(data)
    except ValidationError as exc:
        raise config_error(str(path), exc) from None
    agents = [a for a in config.agents if a.enabled]
    if not agents:
        raise UsageError(f"{path}: agents: no enabled evaluator")
    directory = path.expanduser().absolute().parent
    for i, agent in enumerate(config.agents):  # every prompt file stays where prompt files may be
        for camel, relative in (
            ("systemPromptPath", agent.system_prompt_path),
            ("userPromptPath", agent.user_prompt_path),
        ):
            if relative:
                prompt_file(directory, relative, f"{path}: agents.{i}.{camel}")
    return agents, directory


def _prompt(directory: Path, relative: str | None, default: str, key: str, progress: Progress) -> str:
    if not relative:
        return default
    found = read_prompt_file(directory, relative, key, progress.warn)
    return found[0] if found else default


def evaluate(
    state: DebateState,
    evaluators: list[EvaluatorConfig],
    directory: Path,
    default_model: str,
    model_override: str | None,
    tool_config: Path,
    progress: Progress,
) -> dict[str, Any]:
    from devagent.models.factory import open_backend

    assert state.final_solution is not None
    config = load_config(tool_config)
    values = {
        "problem": state.problem.strip(),
        "clarifications": clarifications_text(state.clarifications),
        "solution": solution_text(state.final_solution),
    }
    results: list[dict[str, Any]] = []
    for evaluator in evaluators:
        settings = config.model.model_copy(update={"temperature": evaluator.temperature})
        backend = open_backend(
            model_override or evaluator.model_spec(default_model, f"evaluator {evaluator.id}"),
            evaluator.id,
            settings,
            "--model" if model_override else f"evaluator {evaluator.id}.model",
        )
        system = _prompt(
            directory,
            evaluator.system_prompt_path,
            builtin_prompt("eval", "system"),
            f"evaluator {evaluator.id}: systemPromptPath",
            progress,
        )
        user = fill(
            _prompt(
                directory,
                evaluator.user_prompt_path,
                builtin_prompt("eval", "user"),
                f"evaluator {evaluator.id}: userPromptPath",
                progress,
            ),
            values,
        )
        chat = [ChatMessage("system", system), ChatMessage("user", redact(user))]
        progress.agent(evaluator.name, "evaluating")
        calls: list[dict[str, Any]] = []
        try:
            answer = ask_validated(
                evaluator.id, backend, chat, ScoreReply, ReplyFormat(strict_schema(ScoreReply)), calls.append
            )
        except ModelProtocolError as exc:
            progress.warn(f"evaluator {evaluator.id}: {exc.message}; left out")
            continue
        reply = answer.reply
        assert isinstance(reply, ScoreReply)
        scores = reply.model_dump(exclude={"summary"})
        results.append(
            {
                "id": evaluator.id,
                "name": evaluator.name,
                "model": backend.name,
                "scores": scores,
                "summary": reply.summary.strip(),
                "tokensUsed": answer.tokens,
                "latencyMs": round(answer.latency_s * 1000),
            }
        )
    if not results:
        raise ModelProtocolError("debate eval: no evaluator gave a valid score")

    def average(criterion: str) -> dict[str, float]:
        return {"average_score": round(sum(r["scores"][criterion] for r in results) / len(results), 2)}

    return {
        "debateId": state.id,
        "problem": state.problem.strip().splitlines()[0][:200],
        "evaluators": results,
        "evaluation": {c: average(c) for c in FUNCTIONAL},
        "non_functional": {c: average(c) for c in NON_FUNCTIONAL},
    }


def eval_markdown(result: dict[str, Any]) -> str:
    evaluators = result["evaluators"]
    head = "| criterion | " + " | ".join(e["id"] for e in evaluators) + " | average |"
    rule = "| --- |" + " --- |" * (len(evaluators) + 1)
    rows = []
    for group in ("evaluation", "non_functional"):
        for criterion, value in result[group].items():
            scores = " | ".join(str(e["scores"][criterion]) for e in evaluators)
            rows.append(f"| {criterion} | {scores} | {value['average_score']} |")
    lines = [
        f"# Evaluation of {result['debateId']}",
        "",
        result["problem"],
        "",
        head,
        rule,
        *rows,
        "",
        "## Summaries",
        "",
    ]
    lines += [f"- **{e['name']}** ({e['model']}): {e['summary']}" for e in evaluators]
    return "\n".join(lines) + "\n"


def run_eval(
    debate: Path, config: Path | None, output: Path | None, model: str | None, tool_config: Path
) -> int:
    progress = Progress()
    state = load_debate(debate)
    if state.final_solution is None:
        raise UsageError(
            f"{debate}: the debate has no final solution (status {state.status}); nothing to evaluate"
        )
    evaluators, directory = _evaluators(config, progress)
    json_path = (output or debate.with_name(debate.name.removesuffix(".json") + ".eval.json")).expanduser()
    md_path = json_path.with_suffix(".md")
    for path in (json_path, md_path):  # before any model is asked
        check_output(path, "--output")
    default_model = load_config(tool_config).model.reviewer
    result = evaluate(state, evaluators, directory, default_model, model, tool_config, progress)
    try:
        write_output(json_path, json.dumps(result, indent=2, ensure_ascii=False) + "\n", "--output")
        write_output(md_path, printable(eval_markdown(result)), "--output")
    except OSError as exc:
        print(f"dev-agent: debate eval: cannot write {json_path}: {exc.strerror or exc}", file=sys.stderr)
        return int(ExitCode.IO_ERROR)
    sys.stdout.write(printable(eval_markdown(result)))
    progress.info(f"Wrote {json_path} and {md_path}")
    return 0
