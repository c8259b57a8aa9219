"""GBNF reply grammars (devagent/models/grammar.py) checked by llama.cpp itself, and the
embedded model decoding under them (devagent/models/llama_cpp_backend.py).

Note: in llama-cpp-python 0.3.x `LlamaGrammar.from_string` only stores the text; the
grammar is parsed when a sampler is built. So validity is checked with llama.cpp's parser
(`llama_sampler_init_grammar`, which returns NULL on a parse error), and acceptance of a
given reply by stepping its tokens through llama.cpp's grammar sampler."""

from __future__ import annotations

import dataclasses
import json
import re
from dataclasses import dataclass
from typing import Any

import pytest
from llama_cpp.llama_grammar import LlamaGrammar

from devagent.agents.model_agent import reply_format_for, strict_schema
from devagent.agents.roles import ROLES
from devagent.messages import DevAgentReply, ReviewerReply, SupervisorReply, parse_reply, split_fences
from devagent.models.base import ChatMessage, GenerationSettings, ReplyFormat
from devagent.models.grammar import reply_grammar
from devagent.models.llama_cpp_backend import LlamaCppBackend
from devagent.resources import embedded_model_path
from tests.grammar_check import GrammarChecker
from tests.helpers import computed_once

DEV_SCHEMA = strict_schema(DevAgentReply)
SUPERVISOR_SCHEMA = strict_schema(SupervisorReply)
DIFF_PATHS: list[tuple[str, ...] | None] = [("calc.py",), (), None]

PATCH_JSON = '```json\n{"type": "patch", "content": "Fix add(): it subtracted.", "commands": []}\n```'
CALC_DIFF = (
    "\n\n```diff\n"
    "--- a/calc.py\n"
    "+++ b/calc.py\n"
    "@@ -1,2 +1,2 @@\n"
    " def add(a, b):\n"
    "-    return a - b\n"
    "+    return a + b\n"
    "```"
)
PATCH_REPLY = PATCH_JSON + CALC_DIFF


@pytest.fixture(scope="module")
def checker() -> GrammarChecker:
    return GrammarChecker()


def dev_grammar(diff_paths: tuple[str, ...] | None) -> str:
    """DevAgent's grammar as the agent builds it."""
    return reply_grammar(reply_format_for(ROLES["DevAgent"], diff_paths))


# --- The grammar text -------------------------------------------------------------------


@pytest.mark.parametrize("diff_paths", DIFF_PATHS, ids=["calc.py", "any-path", "no-diff"])
def test_dev_agent_grammar_is_valid_gbnf(checker: GrammarChecker, diff_paths: tuple[str, ...] | None) -> None:
    text = dev_grammar(diff_paths)
    grammar = LlamaGrammar.from_string(text, verbose=False)
    assert grammar._grammar == text
    assert checker.parses(text)
    rules = dict(line.split(" ::= ", 1) for line in text.splitlines() if " ::= " in line)
    assert "reply-json" in rules
    if diff_paths is None:
        assert rules["root"] == '"```json\\n" reply-json "\\n```"'
        assert "diff-fence" not in text
    else:
        # A patch must be followed by its diff; an instruction ends the reply.
        assert rules["root"] == '"```json\\n" (alternative-0 "\\n```" diff-fence | alternative-1 "\\n```")'
        assert rules["diff-path"] == ('"calc.py"' if diff_paths else "[^ \\t\\n]+")


def test_supervisor_grammar_is_valid_gbnf(checker: GrammarChecker) -> None:
    assert checker.parses(reply_grammar(ReplyFormat(json_schema=SUPERVISOR_SCHEMA)))


def test_parser_check_rejects_broken_grammars(checker: GrammarChecker) -> None:
    # The check above means something: llama.cpp refuses these.
    assert not checker.parses('root ::= "```json\\n" missing-rule')
    assert not checker.parses('root ::= "unterminated')
    assert not checker.parses('reply ::= "no root rule"')


def test_several_diff_paths_and_paths_needing_escapes(checker: GrammarChecker) -> None:
    grammar = dev_grammar(("src/app.py", 'we"ird\\name.py'))
    assert checker.parses(grammar)
    reply = PATCH_JSON + CALC_DIFF.replace("calc.py", "src/app.py")
    assert checker.accepts(grammar, reply)
    assert checker.accepts(grammar, PATCH_JSON + CALC_DIFF.replace("calc.py", 'we"ird\\name.py'))
    assert not checker.accepts(grammar, PATCH_REPLY)


# --- What the grammar lets through ------------------------------------------------------


def test_patch_with_diff_on_the_allowed_path(checker: GrammarChecker) -> None:
    grammar = dev_grammar(("calc.py",))
    assert checker.accepts(grammar, PATCH_REPLY)
    reply, diff = parse_reply(PATCH_REPLY, DevAgentReply)
    assert reply.type == "patch" and diff is not None


def test_diff_on_another_path_is_refused(checker: GrammarChecker) -> None:
    assert not checker.accepts(dev_grammar(("calc.py",)), PATCH_REPLY.replace("calc.py", "other.py"))
    assert not checker.accepts(dev_grammar(("calc.py",)), PATCH_REPLY.replace("b/calc.py", "b/tests/x.py"))


def test_empty_path_list_allows_any_path(checker: GrammarChecker) -> None:
    assert checker.accepts(dev_grammar(()), PATCH_REPLY.replace("calc.py", "src/pkg/other.py"))


def test_no_diff_paths_means_no_diff_fence(checker: GrammarChecker) -> None:
    grammar = dev_grammar(None)
    assert checker.accepts(grammar, PATCH_JSON)
    assert not checker.accepts(grammar, PATCH_REPLY)


def test_instruction_commands_are_capped_at_three(checker: GrammarChecker) -> None:
    grammar = dev_grammar(("calc.py",))
    three = (
        '```json\n{"type": "instruction", "content": "look", '
        '"commands": ["pytest -q", "git diff", "git log"]}\n```'
    )
    assert checker.accepts(grammar, three)
    four = three.replace('"git log"]', '"git log", "git show"]')
    assert not checker.accepts(grammar, four)


@pytest.mark.parametrize(
    "text",
    [
        "Here is my fix:\n" + PATCH_REPLY,
        PATCH_JSON[: -len("\n```")],
        '```json\n{"type": "fix", "content": "x", "commands": []}\n```',
        '```json\n{"content": "x", "type": "patch", "commands": []}\n```',
        '```json\n{"type": "patch", "content": "x", "commands": [], "extra": 1}\n```',
        PATCH_JSON + "\n\n```diff\n--- a/calc.py\n+++ b/calc.py\n```",
        PATCH_JSON + "\nThanks!",
        PATCH_JSON,
        PATCH_REPLY.replace('"commands": []', '"commands": ["pytest -q"]'),
        '```json\n{"type": "instruction", "content": "look", "commands": []}\n```',
        '```json\n{"type": "instruction", "content": "look", "commands": ["pytest -q"]}\n```' + CALC_DIFF,
    ],
    ids=[
        "prose-first",
        "unclosed-fence",
        "bad-enum",
        "key-order",
        "extra-key",
        "diff-without-hunk",
        "trailing-prose",
        "patch-without-diff",
        "patch-with-commands",
        "instruction-without-commands",
        "instruction-with-diff",
    ],
)
def test_malformed_replies_are_refused(checker: GrammarChecker, text: str) -> None:
    assert not checker.accepts(dev_grammar(("calc.py",)), text)


def test_supervisor_grammar_accepts_the_prompt_example(checker: GrammarChecker) -> None:
    grammar = reply_grammar(ReplyFormat(json_schema=SUPERVISOR_SCHEMA))
    example = (
        '```json\n{"approved": true, "content": "The fix corrects the operator in add(); tests pass."}\n```'
    )
    assert checker.accepts(grammar, example)
    assert not checker.accepts(grammar, example + CALC_DIFF)
    assert not checker.accepts(grammar, example.replace("true", '"yes"'))


@pytest.mark.parametrize("control", ["\n", "\t"], ids=["newline", "tab"])
def test_json_strings_cannot_hold_raw_control_characters(checker: GrammarChecker, control: str) -> None:
    text = PATCH_JSON.replace("it subtracted", f"it{control}subtracted")
    with pytest.raises(ValueError):
        parse_reply(text + CALC_DIFF, DevAgentReply)  # the protocol refuses it ...
    assert not checker.accepts(dev_grammar(("calc.py",)), text + CALC_DIFF)  # ... so the grammar must


# --- The embedded model under the grammar -------------------------------------------------

DEV_USER_PROMPT = """# Phase
Fix add() so that the tests pass.

# Files
### calc.py (editable)
   1 | def add(a, b):
   2 |     return a - b

# Failing test
tests/test_calc.py::test_add
assert -1 == 5

Reply now: the JSON block, then the unified diff in a ```diff fence (--- a/<path>, +++ b/<path>, \
@@ hunks with 3 lines of context). Change only editable files."""

SEEDS = (0, 1, 2)


@dataclass(frozen=True)
class Generated:
    seed: int
    text: str
    finish_reason: str
    refused: int  # first draws the grammar refused (then drawn again through it)


@pytest.fixture(scope="module")
def calc_replies(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> list[Generated]:
    """The replies, drawn once per session (18 s of CPU), whichever workers ask."""
    drawn = computed_once(request.config, tmp_path_factory, "test_grammar-calc_replies", _draw_calc_replies)
    return [Generated(**reply) for reply in drawn]


def _draw_calc_replies() -> list[dict[str, Any]]:
    # The product's own model object, so the replies are drawn by its grammar sampler.
    settings = GenerationSettings(context_size=2048, seed=0)
    llm = LlamaCppBackend("llama-cpp:embedded", embedded_model_path(), settings)._llama
    grammar = LlamaGrammar.from_string(dev_grammar(("calc.py",)), verbose=False)
    messages: Any = [
        {"role": "system", "content": ROLES["DevAgent"].system_prompt()},
        {"role": "user", "content": DEV_USER_PROMPT},
    ]
    replies = []
    for seed in SEEDS:
        result: Any = llm.create_chat_completion(
            messages=messages, grammar=grammar, max_tokens=200, seed=seed
        )
        choice = result["choices"][0]
        refused = llm.grammar_sampler.refused
        replies.append(Generated(seed, choice["message"]["content"] or "", choice["finish_reason"], refused))
    return [dataclasses.asdict(reply) for reply in replies]


DIFF_HEADER = re.compile(r"^(?:---|\+\+\+) [ab]/(\S+)$", re.MULTILINE)


@pytest.mark.model
def test_model_replies_follow_the_grammar(checker: GrammarChecker, calc_replies: list[Generated]) -> None:
    grammar = dev_grammar(("calc.py",))
    assert [r.seed for r in calc_replies] == list(SEEDS)
    assert sum(r.refused for r in calc_replies) > 0  # the grammar's second draw is covered too
    for reply in calc_replies:
        assert reply.finish_reason in ("stop", "length"), reply
        assert reply.text.startswith("```json\n"), reply
        # A finished reply is a whole sentence of the grammar; a cut one is a prefix of one.
        assert checker.accepts(grammar, reply.text, complete=reply.finish_reason == "stop"), reply
        assert set(DIFF_HEADER.findall(reply.text)) <= {"calc.py"}, reply
        if reply.finish_reason == "stop":
            data, _ = split_fences(reply.text)
            assert DevAgentReply.model_validate(data).type in ("patch", "instruction")
        if "```diff" in reply.text:
            assert DIFF_HEADER.findall(reply.text)[:2] == ["calc.py", "calc.py"], reply


def parses_or_is_cut_in_the_diff(reply: Generated) -> bool:
    try:
        parse_reply(reply.text, DevAgentReply)
        return True
    except ValueError:
        if reply.finish_reason != "length":
            return False
        json_end = reply.text.find("\n```\n\n```diff\n")
        return json_end > 0 and split_fences(reply.text[: json_end + 4]) is not None


@pytest.mark.model
def test_model_replies_parse_or_are_cut_inside_the_diff(calc_replies: list[Generated]) -> None:
    failures = [r for r in calc_replies if not parses_or_is_cut_in_the_diff(r)]
    assert failures == []


@pytest.mark.model
def test_llama_cpp_backend_supervisor_reply_is_complete_json() -> None:
    settings = GenerationSettings(context_size=2048, max_tokens=120)
    backend = LlamaCppBackend("llama-cpp:embedded", embedded_model_path(), settings)
    messages = [
        ChatMessage("system", ROLES["Supervisor"].system_prompt()),
        ChatMessage(
            "user",
            "# Phase\nFix add() so that the tests pass.\n\n"
            "# Patch on branch dev-agent/fix-add-1 (all commits so far)\n```diff\n"
            "--- a/calc.py\n+++ b/calc.py\n@@ -1,2 +1,2 @@\n"
            " def add(a, b):\n-    return a - b\n+    return a + b\n"
            "```\n\n# Test report (all tests pass)\n1 passed in 0.01s\n\n"
            "Review the patch against the phase. Reply in your required format.",
        ),
    ]
    completion = backend.complete(messages, ReplyFormat(json_schema=SUPERVISOR_SCHEMA))
    reply, diff = parse_reply(completion.text, SupervisorReply)
    assert isinstance(reply.approved, bool)
    assert reply.content
    assert diff is None
    assert completion.text.startswith("```json\n") and completion.text.endswith("\n```")
    assert completion.prompt_tokens > 0
    assert 0 < completion.completion_tokens <= settings.max_tokens
    assert completion.latency_s > 0


def reviewer_grammar() -> str:
    return reply_grammar(reply_format_for(ROLES["Reviewer"], None))


CHALLENGE = '{"id": 1, "category": "ambiguity", "description": "Which files?"}'


@pytest.mark.parametrize(
    ("text", "allowed"),
    [
        ('```json\n{"status": "verified", "challenges": []}\n```', True),
        ('```json\n{"status": "needs_revision", "challenges": [' + CHALLENGE + "]}\n```", True),
        ('```json\n{"status": "verified", "challenges": [' + CHALLENGE + "]}\n```", False),
        ('```json\n{"status": "needs_revision", "challenges": []}\n```', False),
    ],
    ids=[
        "verified",
        "needs-revision",
        "verified-with-challenges",
        "revision-without",
    ],
)
def test_reviewer_grammar_encodes_the_status_rule(checker: GrammarChecker, text: str, allowed: bool) -> None:
    """What the grammar allows is exactly what ReviewerReply's validator accepts."""
    assert checker.accepts(reviewer_grammar(), text) is allowed
    try:
        parse_reply(text, ReviewerReply)
        valid = True
    except ValueError:
        valid = False
    assert valid is allowed


@pytest.mark.parametrize(
    "text",
    [
        '```json\n{"status": "needs_revision", "challenges": [' + CHALLENGE.replace("1", "6") + "]}\n```",
        '```json\n{"status": "needs_revision", "challenges": [' + ", ".join([CHALLENGE] * 6) + "]}\n```",
    ],
    ids=["id-6", "six-challenges"],
)
def test_reviewer_grammar_bounds_what_validation_accepts(checker: GrammarChecker, text: str) -> None:
    """Seed 000 sets no maximum on challenges: a server model's sixth is valid; only the
    in-process grammar keeps a small model to five, so it cannot run past max_tokens."""
    assert checker.accepts(reviewer_grammar(), text) is False
    parse_reply(text, ReviewerReply)  # valid


def test_every_reply_is_bounded_so_it_cannot_run_past_max_tokens() -> None:
    """No unbounded string or list in any role's decoding schema, and the longest JSON
    the grammar allows fits the default max_tokens (768) at 2.5 characters per token
    (prose averages ~4). DevAgent's diff fence comes on top and may be cut: the parser
    then reports the unclosed fence and the re-prompt follows."""

    def longest(node: Any, defs: dict[str, Any]) -> int:
        if "$ref" in node:
            return longest(defs[node["$ref"].split("/")[-1]], defs)
        if "oneOf" in node:
            return max(longest(n, defs) for n in node["oneOf"])
        if "const" in node or "enum" in node:
            return max(len(json.dumps(v)) for v in node.get("enum", [node.get("const")]))
        kind = node.get("type")
        if kind == "string":
            assert "maxLength" in node, node
            return int(node["maxLength"]) + 2
        if kind == "array":
            if "items" not in node:
                return 2
            assert "maxItems" in node, node
            return 2 + int(node["maxItems"]) * (longest(node["items"], defs) + 2)
        if kind == "object":
            return 2 + sum(len(k) + 4 + longest(v, defs) for k, v in node["properties"].items())
        return 8  # booleans, bounded integers

    for name, role in ROLES.items():
        reply_format = reply_format_for(role, ("calc.py",) if role.writes_diffs else None)
        schema = reply_format.grammar_schema
        assert longest(schema, schema.get("$defs", {})) / 2.5 < 768, name
