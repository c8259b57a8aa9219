"""Pure checks a critic's role brings to every proposal it critiques, whatever its model
says: the concerns of its lens that the proposal never mentions. They come first in the
critique, so even the embedded 135M model's critiques carry findings that hold (a
7B+ model adds its own after them)."""

from __future__ import annotations

import re

# role -> (concern, words any of which counts as addressing it)
CONCERNS: dict[str, tuple[tuple[str, tuple[str, ...]], ...]] = {
    "architect": (
        ("the components and their responsibilities", ("component", "service", "module", "layer")),
        ("how the parts communicate", ("api", "interface", "queue", "event", "protocol", "call")),
        (
            "where data is stored",
            ("database", "store", "storage", "table", "cache", "persist", "redis", "sql"),
        ),
    ),
    "performance": (
        ("expected load or latency in numbers", ("ms", "latency", "throughput", "per second", "rps", "qps")),
        ("caching", ("cache", "caching", "memoiz")),
        ("scaling under load", ("scale", "scaling", "replica", "shard", "partition", "horizontal")),
    ),
    "security": (
        ("authentication", ("auth", "login", "token", "identity", "oauth", "credential")),
        (
            "authorisation of each action",
            ("authoriz", "authoris", "permission", "role", "access control", "acl"),
        ),
        ("protection of data in transit and at rest", ("encrypt", "tls", "https", "hash")),
        ("validation of input", ("validat", "sanitiz", "sanitis", "escape", "input")),
    ),
    "testing": (
        ("how it is tested", ("test", "testing")),
        ("failure cases", ("failure", "error", "fault", "retry", "timeout")),
        ("observability", ("log", "metric", "monitor", "trace", "alert")),
    ),
    "kiss": (
        ("a smallest first version", ("first version", "mvp", "minimal", "simple", "start with")),
        ("what is left out for now", ("later", "not now", "out of scope", "defer", "skip")),
    ),
    "generalist": (
        ("the cost to build and run", ("cost", "budget", "price", "effort")),
        ("who operates it", ("operat", "maintain", "on-call", "team", "owner")),
        ("delivery in steps", ("phase", "step", "milestone", "iteration", "incremental")),
    ),
}


def missing_concerns(role: str, text: str) -> list[str]:
    """The concerns of `role` that `text` says nothing about (word-prefix matches)."""
    words = text.lower()
    found = []
    for concern, keys in CONCERNS.get(role, ()):
        if not any(re.search(rf"\b{re.escape(k)}", words) for k in keys):
            found.append(concern)
    return found


def checklist_text(role: str, text: str) -> str:
    missing = missing_concerns(role, text)
    if not missing:
        return ""
    lines = [f"- The proposal does not say anything about {m}." for m in missing]
    return "**Checklist (no model)**\n" + "\n".join(lines)
