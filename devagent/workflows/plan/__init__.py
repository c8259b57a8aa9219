"""Plan mode (seed 001): a Planner turns a goal into tasks T1..Tn, a Coder writes each
task's files in full, the tests run in the sandbox, a Tester reports, and the run halts
on the first failing task or error reply. See config/workflows/plan.yaml and
AGENT-ARCHITECTURE.md, "Plan mode"."""
