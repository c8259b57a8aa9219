"""pytest's own account of a test run, written by a plugin loaded into the run.

This folder holds only the plugin: it goes on the test run's PYTHONPATH as is (so the
repository under test sees no other module of ours) and `_devagent_report.py` is loaded
with `-p _devagent_report`; `_devagent_guard.py`, which keeps the report's signing key,
is loaded by it, by its path, when the run has the verdict's channel.
devagent/verdict.py reads what it writes."""
