"""The review dashboard (Streamlit, an optional extra): runs from the trace store. The
view model is plain Python; `app.py` is the Streamlit script (run, not imported)."""

from devagent.dashboard.view import IterationView, RunView, StepView, list_runs, load_run

__all__ = ["IterationView", "RunView", "StepView", "list_runs", "load_run"]
