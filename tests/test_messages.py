"""The conversation protocol (devagent/messages.py): envelopes, fences and role replies."""

from __future__ import annotations

import json
from typing import Any

import pytest
from pydantic import BaseModel, ValidationError

from devagent.messages import (
    ArchitectReply,
    DevAgentReply,
    Envelope,
    Metadata,
    ReplyError,
    ReviewerReply,
    SupervisorReply,
    parse_reply,
    split_fences,
)

# A git-style diff whose blank context lines are a single space, plus one whose blank
# context lines lost their space (editors strip trailing whitespace); both must survive.
DIFF_SPACE_BLANKS = (
    "--- a/calc.py\n"
    "+++ b/calc.py\n"
    "@@ -1,5 +1,5 @@\n"
    " def add(a, b):\n"
    "-    return a - b\n"
    "+    return a + b\n"
    " \n"
    " \n"
)
DIFF_EMPTY_BLANKS = DIFF_SPACE_BLANKS.replace("\n \n", "\n\n")


def fenced(data: dict[str, Any] | str, diff: str | None = None) -> str:
    body = data if isinstance(data, str) else json.dumps(data)
    text = f"```json\n{body}\n```\n"
    if diff is not None:
        text += f"\n```diff\n{diff}```\n"
    return text


def json_part(rendered: str) -> dict[str, Any]:
    data, _ = split_fences(rendered)
    return data


# --- Envelope ---------------------------------------------------------------------------


def test_envelope_round_trip_without_diff() -> None:
    envelope = Envelope(
        role="ShellTool",
        content="1 failed in 0.02s",
        type="output",
        status=1,
        metadata=Metadata(iteration=0, test_name="tests/test_calc.py::test_add", event="tests_failed"),
    )
    rendered = envelope.render()
    assert rendered.startswith("```json\n") and rendered.endswith("\n```")
    assert "```diff" not in rendered
    assert Envelope.parse(rendered) == envelope


@pytest.mark.parametrize("diff", [DIFF_SPACE_BLANKS, DIFF_EMPTY_BLANKS], ids=["space-blanks", "empty-blanks"])
def test_envelope_round_trip_with_diff_is_byte_exact(diff: str) -> None:
    envelope = Envelope(
        role="DevAgent",
        content="Fix add(): it subtracted.",
        type="patch",
        metadata=Metadata(iteration=2, test_name="tests/test_calc.py::test_add", event="patch"),
        diff=diff,
    )
    rendered = envelope.render()
    # The diff travels in its own fence after the JSON, never inside it.
    assert "diff" not in json_part(rendered)
    assert f"```diff\n{diff}```" in rendered
    parsed = Envelope.parse(rendered)
    assert parsed.diff == diff
    assert parsed == envelope


def test_render_omits_unused_extensions_but_keeps_seed_keys() -> None:
    envelope = Envelope(role="Supervisor", content="ok", type="status", metadata=Metadata(iteration=3))
    data = json_part(envelope.render())
    assert list(data) == ["role", "content", "type", "metadata"]
    assert data["metadata"] == {"iteration": 3, "test_name": None, "approved": None}


def test_render_includes_extensions_when_set() -> None:
    envelope = Envelope(
        role="DevAgent",
        content="show me the log",
        type="instruction",
        commands=["git log -1"],
        status=0,
        metadata=Metadata(iteration=1, test_name="t::x", approved=False, event="instruction"),
    )
    data = json_part(envelope.render())
    assert data["status"] == 0
    assert data["commands"] == ["git log -1"]
    assert data["metadata"] == {
        "iteration": 1,
        "test_name": "t::x",
        "approved": False,
        "event": "instruction",
    }


def test_render_keeps_non_ascii_text() -> None:
    envelope = Envelope(
        role="Developer", content="naïve café ✓", type="instruction", metadata=Metadata(iteration=0)
    )
    assert "naïve café ✓" in envelope.render()


def test_patch_envelope_needs_a_diff() -> None:
    with pytest.raises(ValidationError, match="diff"):
        Envelope(role="DevAgent", content="x", type="patch", metadata=Metadata(iteration=1))


def test_parse_rejects_patch_without_diff_fence() -> None:
    text = fenced(
        {
            "role": "DevAgent",
            "content": "fix",
            "type": "patch",
            "metadata": {"iteration": 1, "test_name": None, "approved": None},
        }
    )
    with pytest.raises(ValueError, match="diff"):
        Envelope.parse(text)


def test_envelope_rejects_unknown_keys_and_negative_iteration() -> None:
    base = {"role": "ShellTool", "content": "x", "type": "output", "metadata": {"iteration": 0}}
    with pytest.raises(ValidationError):
        Envelope.parse(fenced({**base, "extra": 1}))
    with pytest.raises(ValidationError):
        Envelope.parse(fenced({**base, "metadata": {"iteration": 0, "colour": "red"}}))
    with pytest.raises(ValidationError):
        Envelope.parse(fenced({**base, "metadata": {"iteration": -1}}))
    # A role is any step or agent name a manifest declares, but a name, not free text.
    assert Envelope.parse(fenced({**base, "role": "Intern"})).role == "Intern"
    for role in ("", "Dev Agent", "a" * 41, "9lives", "x;rm"):
        with pytest.raises(ValidationError):
            Envelope.parse(fenced({**base, "role": role}))


# --- split_fences -----------------------------------------------------------------------


def test_split_fences_reads_json_and_diff() -> None:
    data, diff = split_fences("Here you go:\n\n" + fenced({"a": 1}, DIFF_SPACE_BLANKS) + "\nThanks!")
    assert data == {"a": 1}
    assert diff == DIFF_SPACE_BLANKS


def test_split_fences_accepts_bare_json() -> None:
    assert split_fences('Sure. {"approved": true, "content": "ok"} Hope that helps.') == (
        {"approved": True, "content": "ok"},
        None,
    )


def test_split_fences_accepts_bare_json_followed_by_a_diff_fence() -> None:
    diff = "--- a/c.py\n+++ b/c.py\n@@ -1 +1 @@\n-x = 1\n+x = 2\n"
    data, parsed = split_fences('{"type": "patch"}\n\n```diff\n' + diff + "```\n")
    assert data == {"type": "patch"}
    assert parsed == diff


def test_split_fences_bare_json_with_braces_in_the_diff() -> None:
    diff = '--- a/c.py\n+++ b/c.py\n@@ -1 +1 @@\n-x = {}\n+x = {"a": 1}\n'
    data, parsed = split_fences('{"type": "patch"}\n\n```diff\n' + diff + "```\n")
    assert data == {"type": "patch"}
    assert parsed == diff


def test_split_fences_invalid_json_names_the_problem() -> None:
    with pytest.raises(ReplyError) as info:
        split_fences('```json\n{"type": "patch",\n "content": }\n```')
    message = str(info.value)
    assert "not valid JSON" in message
    assert "Expecting value" in message
    assert "line 2" in message


def test_split_fences_without_json_or_with_a_non_object() -> None:
    with pytest.raises(ReplyError, match="no ```json fence"):
        split_fences("I would change add() to add.")
    with pytest.raises(ReplyError, match="must hold a JSON object"):
        split_fences("```json\n[1, 2]\n```")


def test_split_fences_diff_fence_may_be_unterminated() -> None:
    # A reply cut by max_tokens: the diff runs to the end of the text.
    _, diff = split_fences(fenced({"a": 1}) + "\n```diff\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b")
    assert diff == "--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n"


def test_split_fences_ignores_an_empty_diff_fence() -> None:
    assert split_fences(fenced({"a": 1}) + "\n```diff\n\n```\n") == ({"a": 1}, None)


def test_json_fence_closes_only_at_a_line_of_its_own() -> None:
    # ``` inside a JSON string does not close the fence.
    data, _ = split_fences('```json\n{"content": "use ```code``` here"}\n```')
    assert data == {"content": "use ```code``` here"}


# --- parse_reply ------------------------------------------------------------------------


def test_dev_agent_patch_reply() -> None:
    reply, diff = parse_reply(
        fenced({"type": "patch", "content": "Fix add.", "commands": []}, DIFF_SPACE_BLANKS), DevAgentReply
    )
    assert reply == DevAgentReply(type="patch", content="Fix add.", commands=[])
    assert diff == DIFF_SPACE_BLANKS


def test_dev_agent_patch_needs_a_diff() -> None:
    with pytest.raises(ReplyError, match="a patch needs its unified diff"):
        parse_reply(fenced({"type": "patch", "content": "Fix add.", "commands": []}), DevAgentReply)


def test_dev_agent_instruction_needs_commands() -> None:
    with pytest.raises(ReplyError, match="at least one command"):
        parse_reply(fenced({"type": "instruction", "content": "look", "commands": []}), DevAgentReply)
    with pytest.raises(ReplyError, match="at least one command"):
        parse_reply(fenced({"type": "instruction", "content": "look"}), DevAgentReply)


def test_dev_agent_instruction_with_three_commands() -> None:
    commands = ["pytest -q", "git diff", "git log -1"]
    reply, diff = parse_reply(
        fenced({"type": "instruction", "content": "look", "commands": commands}), DevAgentReply
    )
    assert reply.commands == commands
    assert diff is None


def test_dev_agent_at_most_three_commands() -> None:
    with pytest.raises(ReplyError, match=r"field commands: .*at most 3"):
        parse_reply(
            fenced({"type": "instruction", "content": "x", "commands": ["a", "b", "c", "d"]}), DevAgentReply
        )


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"type": "patch", "content": "x", "commands": [], "diff": "..."}, "diff"),
        ({"type": "instruction", "content": "x", "commands": ["git diff"], "reason": "?"}, "reason"),
        ({"type": "review", "content": "x", "commands": []}, "type"),
        ({"type": "patch", "commands": []}, "content"),
    ],
)
def test_dev_agent_reply_rejects_bad_fields(data: dict[str, Any], field: str) -> None:
    with pytest.raises(ReplyError, match=f"^field {field}: "):
        parse_reply(fenced(data, DIFF_SPACE_BLANKS), DevAgentReply)


def test_supervisor_reply() -> None:
    reply, diff = parse_reply(fenced({"approved": False, "content": "Keep the test."}), SupervisorReply)
    assert reply == SupervisorReply(approved=False, content="Keep the test.")
    assert diff is None
    with pytest.raises(ReplyError, match=r"^field approved: Field required"):
        parse_reply(fenced({"content": "ok"}), SupervisorReply)
    with pytest.raises(ReplyError, match=r"^field verdict: "):
        parse_reply(fenced({"approved": True, "content": "ok", "verdict": "yes"}), SupervisorReply)


def test_architect_reply() -> None:
    component = {"name": "Router", "type": "Subsystem", "purpose": "picks the next agent"}
    reply, _ = parse_reply(fenced({"components": [component], "design_rationale": "small"}), ArchitectReply)
    assert reply.components[0].name == "Router"
    with pytest.raises(ReplyError, match=r"^field components: "):
        parse_reply(fenced({"components": [], "design_rationale": "x"}), ArchitectReply)
    with pytest.raises(ReplyError, match=r"^field components: Field required"):
        parse_reply(fenced({"design_rationale": "x"}), ArchitectReply)
    with pytest.raises(ReplyError, match=r"^field components\.0\.type: "):
        parse_reply(
            fenced({"components": [{**component, "type": "Microservice"}], "design_rationale": "x"}),
            ArchitectReply,
        )


def test_reviewer_reply_status_and_challenges_agree() -> None:
    challenge = {"id": 1, "category": "ambiguity", "description": "Which mean?"}
    verified, _ = parse_reply(fenced({"status": "verified", "challenges": []}), ReviewerReply)
    assert verified.status == "verified"
    revision, _ = parse_reply(fenced({"status": "needs_revision", "challenges": [challenge]}), ReviewerReply)
    assert revision.challenges[0].description == "Which mean?"
    with pytest.raises(ReplyError, match="challenges must be empty when status is verified"):
        parse_reply(fenced({"status": "verified", "challenges": [challenge]}), ReviewerReply)
    with pytest.raises(ReplyError, match="challenges must not be empty when status is needs_revision"):
        parse_reply(fenced({"status": "needs_revision", "challenges": []}), ReviewerReply)
    with pytest.raises(ReplyError, match=r"^field challenges\.0\.id: "):
        parse_reply(
            fenced({"status": "needs_revision", "challenges": [{**challenge, "id": 0}]}), ReviewerReply
        )


@pytest.mark.parametrize("model", [DevAgentReply, SupervisorReply, ArchitectReply, ReviewerReply])
def test_parse_reply_reports_invalid_json_as_reply_error(model: type[BaseModel]) -> None:
    with pytest.raises(ReplyError, match="not valid JSON"):
        parse_reply("```json\n{'single': 'quotes'}\n```", model)
