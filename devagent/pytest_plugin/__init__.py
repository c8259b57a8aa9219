"""pytest's own account of a test run, written by a plugin loaded into the run.

This folder holds only `_devagent_report.py`: it goes on the test run's PYTHONPATH as is
(so the repository under test sees no other module of ours) and is loaded with
`-p _devagent_report`. devagent/verdict.py reads what it writes."""
