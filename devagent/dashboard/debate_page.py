"""The dashboard's page for a debate run (Streamlit): one row per agent with its rounds
as columns, then the judge's solution. The data comes from debate_view.py."""

from __future__ import annotations

import sqlite3

import streamlit as st

from devagent.dashboard.debate_view import debate_board

TITLES = {"proposal": "Proposal", "critiques": "Critiques", "refinement": "Refinement", "summary": "Summary"}


def show_debate(db: sqlite3.Connection, run_id: str) -> None:
    board = debate_board(db, run_id)
    if not board.agents:
        st.info("No contributions yet.")
    for agent in board.agents:
        st.subheader(agent)
        columns = st.columns(max(len(board.rounds), 1))
        for column, number in zip(columns, board.rounds, strict=False):
            with column:
                st.caption(f"Round {number}")
                for kind, text in board.cell(agent, number):
                    st.markdown(f"**{TITLES.get(kind, kind)}**")
                    st.markdown(text[:4000])
        st.divider()
    st.subheader("Judge's solution")
    if board.solution is None:
        st.caption("not synthesised yet")
        return
    st.markdown(board.solution)
    details = board.details
    if details.get("implementation"):
        st.markdown(f"**Implementation.** {details['implementation']}")
    for key, title in (("tradeoffs", "Tradeoffs"), ("recommendations", "Recommendations")):
        if details.get(key):
            st.markdown(f"**{title}**\n" + "\n".join(f"- {i}" for i in details[key]))
    if details.get("confidence") is not None:
        st.caption(f"confidence {details['confidence']}/100 · synthesised by {details.get('synthesizedBy')}")
