"""A debate run as the dashboard shows it, computed from the trace store without
Streamlit: each agent's contributions by round (rounds as columns, one row per agent)
and the judge's solution. Built from the step outputs, so a debate in progress shows
its rounds as they come; the saved state (the run's `debate` item) adds the solution's
tradeoffs, recommendations and confidence once the run has ended."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from typing import Any

from devagent.trace_store import query_items, query_steps

PHASES = {
    "Proposals": "proposal",
    "Critiques": "critiques",
    "Refinements": "refinement",
    "Summaries": "summary",
}


@dataclass
class DebateBoard:
    agents: list[str] = field(default_factory=list)  # agent ids, in the order they first spoke
    rounds: list[int] = field(default_factory=list)
    cells: dict[tuple[str, int], list[tuple[str, str]]] = field(
        default_factory=dict
    )  # (agent, round) -> [(kind, text)]
    solution: str | None = None
    details: dict[str, Any] = field(
        default_factory=dict
    )  # tradeoffs, recommendations, confidence, synthesizedBy

    def cell(self, agent: str, round_number: int) -> list[tuple[str, str]]:
        return self.cells.get((agent, round_number), [])


def debate_board(db: sqlite3.Connection, run_id: str) -> DebateBoard:
    board = DebateBoard()
    for step in query_steps(db, run_id):
        output = json.loads(step["output"]) if step["output"] else {}
        round_number = step["iteration"] or 0
        kind = PHASES.get(step["step"])
        if kind is not None and step["status"] == "ok":
            for part in output.get("parts") or []:
                agent = str(part.get("role", ""))
                text = str(part.get("content", ""))
                if kind == "summary" and text.startswith(("no summary needed", "summary failed")):
                    continue
                if agent not in board.agents:
                    board.agents.append(agent)
                if round_number not in board.rounds:
                    board.rounds.append(round_number)
                board.cells.setdefault((agent, round_number), []).append((kind, text))
        if step["step"] == "Synthesis" and step["status"] == "ok":
            board.solution = str(output.get("content", ""))
    for item in query_items(db, run_id):
        if item["kind"] == "debate":
            state = json.loads(item["content"])
            solution = state.get("finalSolution") or {}
            if solution:
                board.solution = solution.get("description", board.solution)
                keys = ("implementation", "tradeoffs", "recommendations", "confidence", "synthesizedBy")
                board.details = {k: solution.get(k) for k in keys}
    board.rounds.sort()
    return board
