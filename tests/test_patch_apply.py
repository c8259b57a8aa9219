"""The patch applier on real git repositories: every applicable diff lands exactly, nothing is misapplied.

Every landing asserts the exact resulting file content; every refusal asserts the file is unchanged."""

from __future__ import annotations

import difflib
import re
import subprocess
from pathlib import Path

import pytest

from devagent.tools.patch_apply import ApplyResult, apply_patch, render_diff
from tests.helpers import git

CALC = """\
def add(a, b):
    return a - b


def mul(a, b):
    return a * b


def div(a, b):
    if b == 0:
        raise ZeroDivisionError("b")
    return a / b
"""

CALC_ADD_FIXED = CALC.replace("return a - b", "return a + b")
CALC_DIV_FIXED = CALC.replace('raise ZeroDivisionError("b")', 'raise ValueError("b is zero")')

UTIL = """\
import os


def home():
    return os.environ["HOME"]


def user():
    return os.environ["USER"]
"""


@pytest.fixture
def repo(tmp_path: Path, git_identity: None) -> Path:
    root = tmp_path / "repo"
    root.mkdir()
    git("init", "-q", "-b", "main", cwd=root)
    (root / "calc.py").write_text(CALC)
    (root / "util.py").write_text(UTIL)
    (root / "pkg").mkdir()
    (root / "pkg" / "mod.py").write_text("VALUE = 1\n\n\ndef get():\n    return VALUE\n")
    git("add", "-A", cwd=root)
    git("-c", "commit.gpgsign=false", "commit", "-q", "--no-verify", "-m", "initial", cwd=root)
    return root


def files(root: Path) -> dict[str, str]:
    return {
        p.relative_to(root).as_posix(): p.read_text()
        for p in sorted(root.rglob("*"))
        if p.is_file() and ".git" not in p.relative_to(root).parts
    }


def landed(res: ApplyResult) -> None:
    assert res.ok, res.reason + "\n" + "\n".join(f"{a.stage}: {a.detail}" for a in res.attempts)
    assert res.reason == ""


def refused(res: ApplyResult, before: dict[str, str], root: Path) -> None:
    assert not res.ok
    assert res.stage is None
    assert res.reason
    assert len(res.reason) <= 1500
    assert files(root) == before


def sp(text: str) -> str:
    """Diff text with its "<SP>" lines as blank context lines (a single space)."""
    return re.sub(r"(?m)^<SP>$", " ", text)


ADD_FIX = sp(
    """\
diff --git a/calc.py b/calc.py
--- a/calc.py
+++ b/calc.py
@@ -1,5 +1,5 @@
 def add(a, b):
-    return a - b
+    return a + b
<SP>
<SP>
 def mul(a, b):
"""
)


# --------------------------------------------------------------------------- landing


def test_strict_diff_lands_with_git(repo: Path) -> None:
    res = apply_patch(repo, ADD_FIX)
    landed(res)
    assert res.stage == "strict"
    assert res.files == ("calc.py",)
    assert [a.stage for a in res.attempts] == ["strict"]
    assert (repo / "calc.py").read_text() == CALC_ADD_FIXED


def test_wrong_line_numbers_land_at_the_unique_place(repo: Path) -> None:
    diff = ADD_FIX.replace("@@ -1,5 +1,5 @@", "@@ -17,5 +19,5 @@")
    res = apply_patch(repo, diff)
    landed(res)
    assert (repo / "calc.py").read_text() == CALC_ADD_FIXED


def test_drift_beyond_max_drift_is_refused(repo: Path) -> None:
    before = files(repo)
    diff = ADD_FIX.replace("@@ -1,5 +1,5 @@", "@@ -17,5 +19,5 @@")
    res = apply_patch(repo, diff, max_drift=3)
    refused(res, before, repo)
    assert "max drift 3" in res.reason


def test_whitespace_changed_context_keeps_the_files_indentation(repo: Path) -> None:
    # The model re-indented with 2 spaces; the file uses 4. The added lines follow the file.
    diff = """\
--- a/calc.py
+++ b/calc.py
@@ -9,4 +9,5 @@
 def div(a, b):
   if b == 0:
-    raise ZeroDivisionError("b")
+    raise ValueError("b is zero")
+  # b is not zero here
   return a / b
"""
    res = apply_patch(repo, diff)
    landed(res)
    assert res.stage == "relocate"
    assert (repo / "calc.py").read_text() == CALC_DIV_FIXED.replace(
        "    return a / b", "    # b is not zero here\n    return a / b"
    )


def test_tabs_in_the_file_are_kept(repo: Path) -> None:
    tabbed = "def f(x):\n\tif x:\n\t\treturn 1\n\treturn 0\n"
    (repo / "tabs.py").write_text(tabbed)
    diff = """\
--- a/tabs.py
+++ b/tabs.py
@@ -1,4 +1,4 @@
 def f(x):
     if x:
-        return 1
+        return 2
     return 0
"""
    res = apply_patch(repo, diff)
    landed(res)
    assert (repo / "tabs.py").read_text() == "def f(x):\n\tif x:\n\t\treturn 2\n\treturn 0\n"


def test_trailing_spaces_in_context_are_ignored(repo: Path) -> None:
    diff = ADD_FIX.replace(" def add(a, b):\n", " def add(a, b):   \n")
    res = apply_patch(repo, diff)
    landed(res)
    assert (repo / "calc.py").read_text() == CALC_ADD_FIXED


def test_only_minus_plus_headers(repo: Path) -> None:
    diff = ADD_FIX.replace("diff --git a/calc.py b/calc.py\n", "")
    res = apply_patch(repo, diff)
    landed(res)
    assert (repo / "calc.py").read_text() == CALC_ADD_FIXED


def test_hunks_without_any_header_find_their_single_file(repo: Path) -> None:
    diff = ADD_FIX.split("+++ b/calc.py\n", 1)[1]
    res = apply_patch(repo, diff)
    landed(res)
    assert res.files == ("calc.py",)
    assert files(repo)["calc.py"] == CALC_ADD_FIXED


def test_hunks_without_header_use_the_file_named_in_prose(repo: Path) -> None:
    # Both files hold "return os.environ" lines, but only util.py has these; prose names it.
    diff = "In util.py change user():\n\n" + (
        "@@ -8,2 +8,2 @@\n def user():\n"
        '-    return os.environ["USER"]\n+    return os.environ.get("USER", "")\n'
    )
    res = apply_patch(repo, diff)
    landed(res)
    assert (repo / "util.py").read_text() == UTIL.replace('os.environ["USER"]', 'os.environ.get("USER", "")')


def test_hunks_without_header_whose_lines_are_in_two_files(repo: Path) -> None:
    (repo / "copy.py").write_text(CALC)
    before = files(repo)
    hunk = ADD_FIX.split("+++ b/calc.py\n", 1)[1]
    res = apply_patch(repo, hunk)
    refused(res, before, repo)
    assert "several files (calc.py, copy.py)" in res.reason
    res = apply_patch(repo, "Fix for copy.py:\n\n" + hunk)
    landed(res)
    assert files(repo) == {**before, "copy.py": CALC_ADD_FIXED}


def test_prose_and_markdown_fence_around_the_diff(repo: Path) -> None:
    text = (
        "The bug is in `add`: it subtracts. Here is the fix:\n\n```diff\n"
        + ADD_FIX
        + "```\n\n- it now adds\n- tests should pass\n"
    )
    res = apply_patch(repo, text)
    landed(res)
    assert (repo / "calc.py").read_text() == CALC_ADD_FIXED


def test_prose_with_plus_lines_right_after_a_correct_hunk_is_not_applied_as_code(repo: Path) -> None:
    text = ADD_FIX + "+ add() now adds\n- sub() is unchanged\n"
    res = apply_patch(repo, text)
    landed(res)
    assert res.stage == "strict"
    assert (repo / "calc.py").read_text() == CALC_ADD_FIXED


def test_prose_plus_line_after_a_hunk_with_short_counts_is_refused(repo: Path) -> None:
    # Counts say 3 lines; a 4th "+" line follows: a miscounted added line, or prose? Unknowable.
    before = files(repo)
    text = "--- a/calc.py\n+++ b/calc.py\n@@ -1,2 +1,2 @@\n def add(a, b):\n"
    text += "-    return a - b\n+    return a + b\n"
    res = apply_patch(repo, text + "+ this makes add() add\n")
    refused(res, before, repo)
    assert "ambiguous" in res.reason
    assert "counts" in res.reason


def test_short_counts_followed_by_matching_context_land_the_whole_hunk(repo: Path) -> None:
    # Counts end the hunk after "-", but "+" and context lines that match the file follow: it is diff.
    diff = ADD_FIX.replace("@@ -1,5 +1,5 @@", "@@ -1,2 +1,1 @@")
    res = apply_patch(repo, diff)
    landed(res)
    assert (repo / "calc.py").read_text() == CALC_ADD_FIXED


def test_plus_prose_after_a_blank_line_is_ambiguous_unless_fenced(repo: Path) -> None:
    # Wrong counts, then an empty line and a "+" line: a blank context line plus an added line,
    # or prose after the diff? Both readings apply to the file, with different results.
    before = files(repo)
    hunk = sp("--- a/calc.py\n+++ b/calc.py\n@@ -1,9 +1,9 @@\n def add(a, b):\n-    return a - b\n")
    hunk += sp("+    return a + b\n<SP>\n")
    res = apply_patch(repo, hunk + "\n+ add() now adds\n")
    refused(res, before, repo)
    assert "ambiguous" in res.reason
    assert "where it ends is unclear" in res.reason
    res = apply_patch(repo, "```diff\n" + hunk + "```\n\n+ add() now adds\n")
    landed(res)
    assert (repo / "calc.py").read_text() == CALC_ADD_FIXED


def test_mixed_diff_and_search_replace_is_refused(repo: Path) -> None:
    before = files(repo)
    text = ADD_FIX + "\nutil.py\n<<<<<<< SEARCH\nimport os\n=======\nimport sys\n>>>>>>> REPLACE\n"
    res = apply_patch(repo, text)
    refused(res, before, repo)
    assert "mixes" in res.reason


def test_bad_hunk_counts_are_recounted(repo: Path) -> None:
    diff = ADD_FIX.replace("@@ -1,5 +1,5 @@", "@@ -1,9 +1,2 @@")
    res = apply_patch(repo, diff)
    landed(res)
    assert res.stage == "tolerant"
    assert (repo / "calc.py").read_text() == CALC_ADD_FIXED


def test_missing_final_newline_in_the_patch(repo: Path) -> None:
    res = apply_patch(repo, ADD_FIX.rstrip("\n"))
    landed(res)
    assert (repo / "calc.py").read_text() == CALC_ADD_FIXED


def test_truncated_hunk_lands_when_still_unique(repo: Path) -> None:
    diff = """\
--- a/calc.py
+++ b/calc.py
@@ -9,5 +9,5 @@
 def div(a, b):
     if b == 0:
-        raise ZeroDivisionError("b")
+        raise ValueError("b is zero")
"""
    res = apply_patch(repo, diff)
    landed(res)
    assert res.stage == "relocate"
    assert (repo / "calc.py").read_text() == CALC_DIV_FIXED


def test_stale_context_line_lands_when_anchored_by_the_removed_line(repo: Path) -> None:
    diff = """\
--- a/calc.py
+++ b/calc.py
@@ -9,4 +9,4 @@
 def div(a, c):
     if b == 0:
-        raise ZeroDivisionError("b")
+        raise ValueError("b is zero")
     return a / b
"""
    res = apply_patch(repo, diff)
    landed(res)
    assert (repo / "calc.py").read_text() == CALC_DIV_FIXED  # the file's real context line kept


def test_multi_hunk_multi_file(repo: Path) -> None:
    diff = sp(
        """\
Two fixes.

--- a/calc.py
+++ b/calc.py
@@ -1,3 +1,3 @@
 def add(a, b):
-    return a - b
+    return a + b
<SP>
@@ -10,4 +10,4 @@ def div(a, b):
     if b == 0:
-        raise ZeroDivisionError("b")
+        raise ValueError("b is zero")
     return a / b
--- a/pkg/mod.py
+++ b/pkg/mod.py
@@ -1,3 +1,3 @@
-VALUE = 1
+VALUE = 2
<SP>
<SP>
"""
    )
    res = apply_patch(repo, diff)
    landed(res)
    assert res.files == ("calc.py", "pkg/mod.py")
    after = files(repo)
    assert after["calc.py"] == CALC_ADD_FIXED.replace(
        'raise ZeroDivisionError("b")', 'raise ValueError("b is zero")'
    )
    assert after["pkg/mod.py"] == "VALUE = 2\n\n\ndef get():\n    return VALUE\n"
    assert after["util.py"] == UTIL


def test_new_file(repo: Path) -> None:
    diff = """\
diff --git a/pkg/new.py b/pkg/new.py
new file mode 100644
--- /dev/null
+++ b/pkg/new.py
@@ -0,0 +1,2 @@
+def new():
+    return 1
"""
    res = apply_patch(repo, diff)
    landed(res)
    assert res.files == ("pkg/new.py",)
    assert (repo / "pkg" / "new.py").read_text() == "def new():\n    return 1\n"


def test_new_file_with_sloppy_headers_and_counts(repo: Path) -> None:
    diff = "--- /dev/null\n+++ b/notes/todo.txt\n@@ -0,0 +1,5 @@\n+one\n+two\n"
    res = apply_patch(repo, diff)
    landed(res)
    assert (repo / "notes" / "todo.txt").read_text() == "one\ntwo\n"


def test_new_file_over_an_existing_one_is_refused(repo: Path) -> None:
    before = files(repo)
    res = apply_patch(repo, "--- /dev/null\n+++ b/util.py\n@@ -0,0 +1 @@\n+x = 1\n")
    refused(res, before, repo)
    assert "already exists" in res.reason


def test_deleted_file(repo: Path) -> None:
    diff = "diff --git a/pkg/mod.py b/pkg/mod.py\ndeleted file mode 100644\n" + (
        "--- a/pkg/mod.py\n+++ /dev/null\n@@ -1,5 +0,0 @@\n-VALUE = 1\n-\n-\n-def get():\n-    return VALUE\n"
    )
    res = apply_patch(repo, diff)
    landed(res)
    assert not (repo / "pkg" / "mod.py").exists()


def test_file_without_final_newline_keeps_it_that_way(repo: Path) -> None:
    (repo / "nonl.txt").write_text("alpha\nbeta\ngamma")
    diff = "--- a/nonl.txt\n+++ b/nonl.txt\n@@ -1,3 +1,3 @@\n alpha\n-beta\n+BETA\n gamma\n"
    res = apply_patch(repo, diff)
    landed(res)
    assert (repo / "nonl.txt").read_text() == "alpha\nBETA\ngamma"


def test_crlf_file_keeps_crlf(repo: Path) -> None:
    (repo / "win.txt").write_bytes(b"one\r\ntwo\r\nthree\r\n")
    diff = "--- a/win.txt\n+++ b/win.txt\n@@ -1,3 +1,4 @@\n one\n-two\n+TWO\n+2.5\n three\n"
    res = apply_patch(repo, diff)
    landed(res)
    assert (repo / "win.txt").read_bytes() == b"one\r\nTWO\r\n2.5\r\nthree\r\n"


# --------------------------------------------------------------------------- refusing


def test_ambiguous_context_is_refused(repo: Path) -> None:
    twice = "def f():\n    x = 1\n    return x\n\n\ndef g():\n    x = 1\n    return x\n"
    (repo / "twice.py").write_text(twice)
    before = files(repo)
    diff = "--- a/twice.py\n+++ b/twice.py\n@@ -20,2 +20,2 @@\n     x = 1\n-    return x\n+    return x + 1\n"
    res = apply_patch(repo, diff)
    refused(res, before, repo)
    assert "ambiguous" in res.reason
    assert "lines 2 and 7" in res.reason
    assert "hunk 1" in res.reason


def test_ambiguous_duplicate_block_is_refused_even_with_whitespace_changes(repo: Path) -> None:
    twice = "def f():\n    x = 1\n    return x\n\n\ndef g():\n    x = 1\n    return x\n"
    (repo / "twice.py").write_text(twice)
    before = files(repo)
    diff = "--- a/twice.py\n+++ b/twice.py\n@@ -20,2 +20,2 @@\n   x = 1\n-  return x\n+  return x + 1\n"
    res = apply_patch(repo, diff)
    refused(res, before, repo)
    assert "ambiguous" in res.reason


def test_exact_stated_line_disambiguates_a_duplicate(repo: Path) -> None:
    twice = "def f():\n    x = 1\n    return x\n\n\ndef g():\n    x = 1\n    return x\n"
    (repo / "twice.py").write_text(twice)
    diff = "--- a/twice.py\n+++ b/twice.py\n@@ -7,2 +7,2 @@\n     x = 1\n-    return x\n+    return x + 1\n"
    res = apply_patch(repo, diff)
    landed(res)
    assert (repo / "twice.py").read_text() == twice[: twice.rindex("return x")] + "return x + 1\n"


def test_context_not_in_file_is_refused_with_the_closest_lines(repo: Path) -> None:
    before = files(repo)
    diff = """\
--- a/calc.py
+++ b/calc.py
@@ -5,2 +5,2 @@
 def multiply(x, y):
-    return x * y
+    return y * x
"""
    res = apply_patch(repo, diff)
    refused(res, before, repo)
    assert "hunk 1 (@@ -5,2 +5,2 @@)" in res.reason
    assert "def multiply(x, y):" in res.reason  # what it expected
    assert "5: def mul(a, b):" in res.reason  # the closest real lines, numbered
    assert "6:     return a * b" in res.reason


def test_removed_line_that_does_not_exist_is_refused(repo: Path) -> None:
    before = files(repo)
    diff = """\
--- a/calc.py
+++ b/calc.py
@@ -9,4 +9,4 @@
 def div(a, b):
     if b == 0:
-        raise ArithmeticError("b")
+        raise ValueError("b is zero")
     return a / b
"""
    res = apply_patch(repo, diff)
    refused(res, before, repo)
    assert 'raise ArithmeticError("b")' in res.reason
    assert '11:         raise ZeroDivisionError("b")' in res.reason


def test_already_applied_patch_says_so(repo: Path) -> None:
    (repo / "calc.py").write_text(CALC_ADD_FIXED)
    before = files(repo)
    res = apply_patch(repo, ADD_FIX)
    refused(res, before, repo)
    assert "already applied" in res.reason


def test_one_bad_file_refuses_the_whole_patch(repo: Path) -> None:
    before = files(repo)
    diff = ADD_FIX + "--- a/util.py\n+++ b/util.py\n@@ -1,1 +1,1 @@\n-import sys\n+import os\n"
    res = apply_patch(repo, diff)
    refused(res, before, repo)
    assert "util.py" in res.reason


def test_hunk_without_context_in_a_non_empty_file_is_refused(repo: Path) -> None:
    before = files(repo)
    res = apply_patch(repo, "--- a/calc.py\n+++ b/calc.py\n@@ -3,0 +4,1 @@\n+# added\n")
    refused(res, before, repo)
    assert "no context" in res.reason


def test_not_a_diff_is_refused(repo: Path) -> None:
    before = files(repo)
    res = apply_patch(repo, "I think you should change add() to use + instead of -.")
    refused(res, before, repo)
    assert "no unified diff" in res.reason


@pytest.mark.parametrize(
    ("path", "needle"),
    [
        ("../outside.py", "escapes"),
        ("/etc/passwd", "absolute"),
        (".git/config", ".git"),
        ("pkg/../../outside.py", "escapes"),
    ],
)
def test_paths_outside_the_worktree_are_refused(repo: Path, path: str, needle: str) -> None:
    before = files(repo)
    outside = repo.parent / "outside.py"
    diff = f"--- /dev/null\n+++ b/{path}\n@@ -0,0 +1 @@\n+x = 1\n"
    if path == "/etc/passwd":
        diff = f"--- {path}\n+++ {path}\n@@ -1,1 +1,1 @@\n-root\n+evil\n"
    res = apply_patch(repo, diff)
    refused(res, before, repo)
    assert needle in res.reason
    assert not outside.exists()


def test_symlinked_path_is_refused(repo: Path, tmp_path: Path) -> None:
    target = tmp_path / "elsewhere"
    target.mkdir()
    (target / "f.py").write_text("a = 1\n")
    (repo / "link").symlink_to(target)
    before = files(repo)
    res = apply_patch(repo, "--- a/link/f.py\n+++ b/link/f.py\n@@ -1 +1 @@\n-a = 1\n+a = 2\n")
    refused(res, before, repo)
    assert "symlink" in res.reason
    assert (target / "f.py").read_text() == "a = 1\n"


# --------------------------------------------------------------------------- search/replace


def test_search_replace_exact(repo: Path) -> None:
    text = """\
calc.py
```python
<<<<<<< SEARCH
def add(a, b):
    return a - b
=======
def add(a, b):
    return a + b
>>>>>>> REPLACE
```
"""
    res = apply_patch(repo, text)
    landed(res)
    assert res.stage == "search_replace"
    assert (repo / "calc.py").read_text() == CALC_ADD_FIXED


def test_search_replace_whitespace_insensitive_reindents(repo: Path) -> None:
    text = """\
calc.py
<<<<<<< SEARCH
if b == 0:
    raise ZeroDivisionError("b")
=======
if b == 0:
    raise ValueError("b is zero")
>>>>>>> REPLACE
"""
    res = apply_patch(repo, text)
    landed(res)
    assert (repo / "calc.py").read_text() == CALC_DIV_FIXED


def test_search_replace_ambiguous_is_refused(repo: Path) -> None:
    (repo / "dup.py").write_text("a = 1\nb = 2\na = 1\n")
    before = files(repo)
    res = apply_patch(repo, "dup.py\n<<<<<<< SEARCH\na = 1\n=======\na = 3\n>>>>>>> REPLACE\n")
    refused(res, before, repo)
    assert "ambiguous" in res.reason
    assert "lines 1 and 3" in res.reason


def test_search_replace_that_matches_nowhere_is_refused(repo: Path) -> None:
    before = files(repo)
    text = "util.py\n<<<<<<< SEARCH\n    return os.environ[\n=======\n    return None\n>>>>>>> REPLACE\n"
    res = apply_patch(repo, text)
    refused(res, before, repo)
    assert "SEARCH/REPLACE block 1" in res.reason
    assert "match nowhere" in res.reason


def test_search_replace_without_a_path_finds_the_single_file(repo: Path) -> None:
    text = "<<<<<<< SEARCH\n    return a * b\n=======\n    return b * a\n>>>>>>> REPLACE\n"
    res = apply_patch(repo, text)
    landed(res)
    assert (repo / "calc.py").read_text() == CALC.replace("return a * b", "return b * a")


# --------------------------------------------------------------------------- check_only and render_diff


@pytest.mark.parametrize(
    "diff",
    [
        ADD_FIX,
        ADD_FIX.replace("@@ -1,5 +1,5 @@", "@@ -12,5 +12,5 @@").replace(
            "diff --git a/calc.py b/calc.py\n", ""
        ),
        "--- /dev/null\n+++ b/brand_new.py\n@@ -0,0 +1 @@\n+x = 1\n",
        "calc.py\n<<<<<<< SEARCH\n    return a * b\n=======\n    return b * a\n>>>>>>> REPLACE\n",
    ],
    ids=["strict", "relocate", "new_file", "search_replace"],
)
def test_check_only_leaves_the_worktree_untouched(repo: Path, diff: str) -> None:
    before = files(repo)
    status = git("status", "--porcelain", cwd=repo)
    res = apply_patch(repo, diff, check_only=True)
    landed(res)
    assert res.files
    assert files(repo) == before
    assert git("status", "--porcelain", cwd=repo) == status
    assert "would apply" in res.attempts[-1].detail


def test_render_diff_passes_git_apply_check(repo: Path) -> None:
    new_text = CALC_ADD_FIXED + "\n\ndef sub(a, b):\n    return a - b"  # no final newline
    diff = render_diff(repo, "calc.py", new_text)
    assert diff.startswith("diff --git a/calc.py b/calc.py\n--- a/calc.py\n+++ b/calc.py\n@@ ")
    assert "\\ No newline at end of file" in diff
    proc = subprocess.run(
        ["git", "apply", "--check", "-"], cwd=repo, input=diff, text=True, capture_output=True
    )
    assert proc.returncode == 0, proc.stderr
    subprocess.run(["git", "apply", "-"], cwd=repo, input=diff, text=True, check=True)
    assert (repo / "calc.py").read_text() == new_text
    assert render_diff(repo, "calc.py", new_text) == ""


def test_render_diff_for_a_new_file(repo: Path) -> None:
    diff = render_diff(repo, "pkg/fresh.py", "x = 1\n")
    assert diff.startswith("diff --git a/pkg/fresh.py b/pkg/fresh.py\nnew file mode 100644\n--- /dev/null\n")
    res = apply_patch(repo, diff)
    landed(res)
    assert res.stage == "strict"
    assert (repo / "pkg" / "fresh.py").read_text() == "x = 1\n"


def test_every_attempt_is_recorded(repo: Path) -> None:
    diff = ADD_FIX.replace(" def add", "   def add")
    res = apply_patch(repo, diff)
    landed(res)
    assert [a.stage for a in res.attempts] == ["strict", "tolerant", "relocate"]
    assert [a.ok for a in res.attempts] == [False, False, True]
    assert (repo / "calc.py").read_text() == CALC_ADD_FIXED


# --------------------------------------------------------------------------- the corpus generator


def render_diff_text(path: str, old: str, new: str) -> str:
    body = "".join(difflib.unified_diff(old.splitlines(True), new.splitlines(True), f"a/{path}", f"b/{path}"))
    return f"diff --git a/{path} b/{path}\n" + body


def test_corpus_cases_from_a_tiny_task_land_or_are_refused_as_labelled(
    tmp_path: Path, git_identity: None
) -> None:
    from bench.repair.corpus import Source, generate

    module = (
        '"""Prices."""\n\n\ndef total(items):\n    """Sum of the prices."""\n    result = 0\n'
        "    for item in items:\n        result += item.price\n    return result - 1\n\n\n"
        "def count(items):\n    return len(items)\n"
    )
    fix = render_diff_text("shop.py", module, module.replace("return result - 1", "return result"))
    source = Source("tiny", {"shop.py": module, "tests/test_shop.py": "def test():\n    pass\n"}, fix)
    cases = generate([source], seed=7)
    assert cases == generate([source], seed=7)  # deterministic
    assert len(cases) >= 8
    assert {c.expect for c in cases} == {"apply", "refuse"}
    for n, case in enumerate(cases):
        root = tmp_path / f"case{n}"
        root.mkdir()
        git("init", "-q", "-b", "main", cwd=root)
        for path, text in source.files.items():
            (root / path).parent.mkdir(parents=True, exist_ok=True)
            (root / path).write_text(text)
        git("add", "-A", cwd=root)
        git("-c", "commit.gpgsign=false", "commit", "-q", "--no-verify", "-m", "buggy", cwd=root)
        for path, text in case.setup.items():
            (root / path).write_text(text)
        before = files(root)
        res = apply_patch(root, case.diff)
        if case.expect == "apply":
            landed(res)
            assert files(root) == {**before, **case.expected}, case.id
        else:
            refused(res, before, root)
