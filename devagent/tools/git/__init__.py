"""The git layer every git-using tool shares: the one `git` runner with the safety flags
and environment (`command.py`), the push that reads none of the repository's config
(`push.py`), and the one parser of diff and hunk headers (`diff_headers.py`). It imports
nothing else from tools/, so GitTool, the patch applier and the patch policy all stand
on it without a cycle."""
