"""Scripted replies for debate mode (`scripted:<yaml>`, keyed by agent id), written as a
model would write them, and the debate configs that use them, for the control-flow tests
of tests/test_debate_mode.py."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml

PROBLEM = "Design a rate limiter for a public HTTP API serving 10k requests per second."
AGENTS = (("agent-architect", "System Architect", "architect"),
          ("agent-performance", "Performance Engineer", "performance"),
          ("agent-security", "Security Specialist", "security"))  # fmt: skip
JUDGE = "judge-main"


def fence(data: dict[str, Any]) -> str:
    return f"```json\n{json.dumps(data)}\n```\n"


def proposal(who: str, n: int = 1) -> str:
    return fence(
        {
            "title": f"{who} plan {n}",
            "approach": f"{who} approach {n}",
            "key_points": [f"{who} point"],
            "risks": [],
        }
    )


def critique(who: str, target: str) -> str:
    return fence(
        {"strengths": [], "weaknesses": [f"{who} sees a gap in {target}"], "suggestions": ["add a test"]}
    )


def refinement(who: str, n: int) -> str:
    return fence(
        {
            "changes": [f"{who} change {n}"],
            "title": f"{who} refined {n}",
            "approach": f"{who} refined approach {n}",
            "key_points": [f"{who} refined point {n}"],
            "risks": ["cost"],
        }
    )


def questions(*items: str) -> str:
    return fence({"questions": list(items)})


def summary(text: str) -> str:
    return fence({"summary": text})


def synthesis(text: str = "Use a token bucket per API key in the gateway.") -> str:
    return fence(
        {
            "description": text,
            "implementation": "Redis counters",
            "tradeoffs": ["memory for accuracy"],
            "recommendations": ["load test it"],
            "confidence": 80,
        }
    )


def round_replies(who: str, others: list[str], n: int, propose: bool) -> list[str]:
    """One agent's replies in round n: its proposal (round 1 only), a critique of every
    other agent, its refinement."""
    first = [proposal(who, n)] if propose else []
    return [*first, *(critique(who, o) for o in others), refinement(who, n)]


def write_replies(path: Path, replies: dict[str, list[str]]) -> str:
    path.write_text(yaml.safe_dump(replies, allow_unicode=True), encoding="utf-8")
    return f"scripted:{path}"


def write_config(
    path: Path,
    model: str,
    agents: tuple[tuple[str, str, str], ...] = AGENTS,
    rounds: int = 2,
    summarization: dict[str, Any] | None = None,
    extra: dict[str, dict[str, Any]] | None = None,
    judge_extra: dict[str, Any] | None = None,
    debate_extra: dict[str, Any] | None = None,
) -> Path:
    """A seed-style debate config (JSON): the agents, the judge, the debate settings;
    `extra` adds keys to an agent by id."""
    data = {
        "agents": [
            {"id": i, "name": n, "role": r, "model": model, "temperature": 0.2, **(extra or {}).get(i, {})}
            for i, n, r in agents
        ],
        "judge": {
            "id": JUDGE,
            "name": "Technical Judge",
            "role": "generalist",
            "model": model,
            "temperature": 0.1,
            **(judge_extra or {}),
        },
        "debate": {
            "rounds": rounds,
            "summarization": summarization or {"enabled": False},
            **(debate_extra or {}),
        },
    }
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    return path
