"""The review dashboard: `python dev_agent.py dashboard` (needs the `dashboard` extra).

Reads the trace store of one runs folder (DEV_AGENT_RUNS_DIR, default `runs`): a run
list, and for the selected run its status badge (the workflow's own word), iteration
count, configuration and each iteration side by side, with downloads of what it
produced. A live run tells the page when a step finishes (devagent/dashboard/notify.py);
the page also reloads every `dashboard_refresh_s` (app_settings, default 2 s) in case a
notice is lost. It never writes a run's log; it only brings the store up to date with
them."""

from __future__ import annotations

import os
import time
from contextlib import closing
from pathlib import Path

import streamlit as st

from devagent.dashboard.notify import StepListener
from devagent.dashboard.view import IterationView, RunView, StepView, list_runs, load_run
from devagent.run_status import STATUSES
from devagent.trace_store import RunFilter, connect, get_setting, sync

RUNS_DIR = Path(os.environ.get("DEV_AGENT_RUNS_DIR", "runs"))
NOTICE_S = 0.5  # how often a live run's page looks for a step notice


def _step_card(step: StepView) -> None:
    title = f"**{step.step}**"
    if step.attempt > 1:
        title += f" (attempt {step.attempt})"
    title += f" · {step.event or step.status}"
    if step.route:
        title += f" → {step.route}"
    st.markdown(title)
    if step.content:  # command output keeps its columns; prose reads as prose
        if step.step == "ShellTool":
            st.code(step.content[-4000:], language="text")
        else:
            st.markdown(step.content[:4000])
    if step.diff:
        st.code(step.diff, language="diff")
    for spec in step.specs:
        if spec["kind"] in ("pre", "post") or not spec["passed"]:
            mark = "passed" if spec["passed"] else "FAILED"
            detail = f": {spec['detail']}" if spec["detail"] and not spec["passed"] else ""
            st.caption(f"{mark} {spec['kind']} `{spec['spec']}`{detail}")
    if step.status not in ("ok",):
        st.caption(f"step status: {step.status}")


def _iteration(view: IterationView, captions: tuple[str, str]) -> None:
    st.subheader(f"Iteration {view.number}")
    left, right = st.columns(2)
    with left:
        st.caption(captions[0])
        for step in view.authored:
            _step_card(step)
    with right:
        st.caption(captions[1])
        for step in view.checks:
            _step_card(step)
    st.divider()


def _run(run: RunView) -> None:
    label, color = run.badge
    st.header(run.phase or run.run_id)
    st.markdown(f":{color}-badge[{label}] &nbsp; `{run.run_id}` · workflow **{run.workflow}**")
    cols = st.columns(3)
    cols[0].metric("Iterations", run.iterations)
    cols[1].metric("Steps", len(run.steps))
    cols[2].metric("Outcome", run.outcome or "running")
    if run.detail:
        st.caption(run.detail)
    for kind, name, mime, data in run.downloads:
        st.download_button(f"Download {kind}", data=data, file_name=name, mime=mime, key=f"dl-{kind}-{name}")
    if run.settings:
        with st.expander("Configuration"):
            st.json(run.settings, expanded=False)
    if run.plugin == "debate":  # rounds as columns per agent, then the judge's solution
        from devagent.dashboard.debate_page import show_debate

        with closing(connect(sync(RUNS_DIR))) as db:
            show_debate(db, run.run_id)
        return
    if run.plugin == "plan":
        from devagent.dashboard.plan_view import plan_table

        st.subheader("Tasks")
        st.table(plan_table(run))
    for view in run.by_iteration():
        _iteration(view, run.column_captions)


def main() -> None:
    st.set_page_config(page_title="Dev Agent runs", layout="wide")
    st.title("Dev Agent runs")
    if not RUNS_DIR.is_dir():
        st.info(f"No runs folder at {RUNS_DIR}.")
        return
    with closing(connect(sync(RUNS_DIR))) as db:
        refresh_s = float(get_setting(db, "dashboard_refresh_s", "2"))
        status = st.sidebar.selectbox("Status", ["all", *STATUSES])
        workflow = st.sidebar.text_input("Workflow", "")
        runs = list_runs(db, RunFilter(status=None if status == "all" else status, workflow=workflow or None))
    if not runs:
        st.info(f"No runs in {RUNS_DIR} match.")
        return
    ids = [r["run_id"] for r in runs]
    wanted = st.query_params.get("run")
    index = ids.index(wanted) if wanted in ids else 0
    labels = {r["run_id"]: f"{r['run_id']} · {r['status']} · {r['phase'] or ''}" for r in runs}
    run_id = st.sidebar.selectbox("Run", ids, index=index, format_func=lambda i: labels[i])
    live_run = next(r["status"] for r in runs if r["run_id"] == run_id) == "in_progress"

    listener = _listener(str(RUNS_DIR.resolve()))
    state = st.session_state
    state["page_runs"] = state.get("page_runs", 0) + 1  # a whole rerun of the page reloads

    # A live run: the page wakes every NOTICE_S and reloads the run when the run said a
    # step finished (devagent/dashboard/notify.py), or every refresh_s at the latest.
    @st.fragment(run_every=NOTICE_S if live_run else None)
    def live() -> None:
        loaded = (run_id, listener.version, state["page_runs"])
        fresh = state.get("view_key") == loaded and time.monotonic() - state.get("view_at", 0.0) < refresh_s
        if not fresh:
            with closing(connect(sync(RUNS_DIR))) as db:
                state["view"] = load_run(db, run_id)
            state["view_key"], state["view_at"] = loaded, time.monotonic()
        run = state["view"]
        if run is None:
            st.warning(f"Run {run_id} is not in the store.")
            return
        _run(run)

    live()


@st.cache_resource
def _listener(runs_dir: str) -> StepListener:
    """One per runs folder for the whole server: the runs' step notices."""
    return StepListener(Path(runs_dir))


main()
