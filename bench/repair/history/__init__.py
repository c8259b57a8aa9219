"""Real historical bugs as the measure of Repair (issue 40.4): the BugsInPy/Defects4J method
on the projects of the fidelity benchmark.

    python -m bench.repair.history mine [--projects NAME ...]     find tasks (cached in /work/history)
    python -m bench.repair.history split                          the development/holdout split
    python -m bench.repair.history run [--mode loop|search] [ID ...]   the development half
    python -m bench.repair.history run --holdout                  the holdout half, once, at the end
    python -m bench.repair.history mine|run|judge --set independent   the independent check
    python -m bench.repair.history mine|run|judge --set independent2  the second one

A task is a fixing commit C: the source files of C's parent with C's test files, where some
of C's tests fail and all pass at C (mine.py). tasks.yaml holds the data (no source text);
the trees are written from the fetched mirrors when a task runs (trees.py). A fix is right
when C's test files pass on it and the differential check against C's functions agrees
(judge.py). Figures: bench/results/repair.json, `history` and `labels.history_*`
(results.py).

The independent set (issue 40): the five projects kept out of projects.yaml on purpose
(independent.yaml, prepared under /work/independent), mined with the same miner into
independent_tasks.yaml and measured once, as a whole (the half "independent"). The second
independent set (independent2.yaml, prepared under /work/independent2, the half
"independent2"): five projects used nowhere else, kept first-sight after the first set had
been read in detail.

Modules: projects (which projects, their venvs), gitdata (reading the mirrors), trees
(laying a task), testrun (one pytest run with the project's venv), mine, tasks (the data
and the split), runlog (what a fix run's log says), judge, run, results, human_review (the
branch review on the human fixes: `python -m bench.repair.history review`), cli."""
