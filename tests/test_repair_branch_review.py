"""The branch's review at approval sees what a per-file comparison cannot: a function moved
to another file, renamed, replaced by something that is not a def, its name bound to other
code (in its own file or from another module), or a source encoding under which Python runs
other code than the diff shows (devagent/repair/branch_review.py). Each route is an attack
on "verified": a diff that takes the meaning out of depth() and still passes a weak test."""

from __future__ import annotations

from devagent.repair.branch_review import review_of_branch

DEPTH = (
    "def depth(node):\n"
    '    if not node["children"]:\n'
    "        return 1\n"
    '    return 1 + max(depth(child) for child in node["children"])\n'
)
SHALLOW = DEPTH.replace("max(depth(child) for", "max(1 for")
HELPER = "def width(node):\n    return len(node['children'])\n"


def kinds(
    changes: dict[str, tuple[str | None, str | None]], defined_at_base: set[str] | None = None
) -> list[str]:
    as_bytes = {
        path: (None if old is None else old.encode(), None if new is None else new.encode())
        for path, (old, new) in changes.items()
    }
    known = defined_at_base or set()
    review = review_of_branch(as_bytes, None, known.__contains__)
    return [f.kind for f in review.findings]


def test_an_edit_in_place_is_reviewed_as_before() -> None:
    assert kinds({"depth.py": (DEPTH, SHALLOW)}) == ["recursive_call_removed"]
    assert kinds({"depth.py": (DEPTH, DEPTH + "\n\n" + HELPER)}) == []


def test_a_function_moved_to_a_new_file_is_compared_with_what_it_was() -> None:
    moved = {"depth.py": (DEPTH, "from tree_depth import depth\n"), "tree_depth.py": (None, SHALLOW)}
    assert kinds(moved) == ["recursive_call_removed"]
    # Moved unchanged: nothing is lost, nothing to say.
    assert (
        kinds({"depth.py": (DEPTH, "from tree_depth import depth\n"), "tree_depth.py": (None, DEPTH)}) == []
    )


def test_a_file_renamed_with_its_function_gutted_is_compared_with_what_it_was() -> None:
    assert kinds({"depth.py": (DEPTH, None), "depth2.py": (None, SHALLOW)}) == ["recursive_call_removed"]


def test_a_function_the_branch_no_longer_defines_is_a_finding() -> None:
    renamed = SHALLOW.replace("def depth(", "def _depth(") + "\n\ndepth = _depth\n"
    assert kinds({"depth.py": (DEPTH, renamed)}) == ["function_removed"]
    as_lambda = 'depth = lambda node: 1 + len(node["children"])\n'
    assert kinds({"depth.py": (DEPTH, as_lambda)}) == ["function_removed"]
    assert kinds({"depth.py": (DEPTH + "\n\n" + HELPER, HELPER)}) == ["function_removed"]


def test_a_def_left_in_place_with_its_name_bound_to_other_code_is_a_finding() -> None:
    rebound = DEPTH + '\n\ndepth = lambda node: 1 + len(node["children"])\n'
    assert kinds({"depth.py": (DEPTH, rebound)}) == ["function_rebound"]
    imported_over = DEPTH + "\n\nfrom fast_depth import depth\n"
    assert kinds({"depth.py": (DEPTH, imported_over), "fast_depth.py": (None, SHALLOW)}) == [
        "function_rebound"
    ]
    through_globals = DEPTH + '\n\nglobals()["depth"] = lambda node: 1\n'
    assert kinds({"depth.py": (DEPTH, through_globals)}) == ["function_rebound"]
    in_a_class = "class Tree:\n    def depth(self):\n        return 1\n"
    assert kinds({"tree.py": (in_a_class, in_a_class + "    depth = lambda self: 0\n")}) == [
        "function_rebound"
    ]


def test_a_def_rebound_or_deleted_from_inside_a_function_is_a_finding() -> None:
    """`global depth` in a function body, then a store: the module's name runs other code
    from the first call of that function on; `del depth` leaves no function at all."""
    through_global = DEPTH + "\n\ndef _setup():\n    global depth\n    depth = lambda node: 1\n\n\n_setup()\n"
    assert kinds({"depth.py": (DEPTH, through_global)}) == ["function_rebound"]
    nested = (
        DEPTH
        + "\n\ndef _setup():\n    def inner():\n        global depth\n        depth = len\n    inner()\n"
    )
    assert kinds({"depth.py": (DEPTH, nested)}) == ["function_rebound"]
    deleted = DEPTH + "\n\ndel depth\n"
    assert kinds({"depth.py": (DEPTH, deleted)}) == ["function_rebound"]
    # A local of the same name is not the module's: no finding.
    local = DEPTH + "\n\ndef total(tree):\n    depth = 0\n    return depth\n"
    assert kinds({"depth.py": (DEPTH, local)}) == []
    # A global that is not a function: no finding.
    counter = "COUNT = 0\n\n\ndef bump():\n    global COUNT\n    COUNT += 1\n"
    assert kinds({"count.py": ("COUNT = 0\n", counter)}) == []


def test_a_changed_file_that_is_not_python_is_named_as_unreviewed() -> None:
    """The review reads Python only: a data file the code may read (a table of rates) is
    named, so "verified" never covers what nobody read. An unchanged one says nothing."""
    rates = '{"card": 0.02}\n'
    changes = {"rates.json": (rates, '{"card": 0.03}\n'), "depth.py": (DEPTH, DEPTH)}
    assert kinds(changes) == ["not_reviewed"]
    assert kinds({"rates.json": (rates, rates)}) == []
    assert kinds({"data/new.csv": (None, "a,b\n")}) == ["not_reviewed"]
    assert kinds({"old.cfg": ("x = 1\n", None)}) == ["not_reviewed"]
    # A changed path that is a file on neither side (a submodule's commit): nothing was read.
    assert kinds({"vendor/lib": (None, None)}) == ["not_reviewed"]


def test_release_notes_and_documentation_prose_are_not_named_but_a_doctest_is() -> None:
    """89 real fixing commits of 13 projects: 45 also add a changelog entry or edit a docs
    page. Prose no code reads says nothing about behaviour, so it is not a finding; a change
    to lines Python may run (a doctest, a code fence) or a deleted page still is."""
    entry = "## 2.1\n\n- `depth()` counts the root.\n"
    for path in (
        "CHANGELOG.md", "CHANGES", "CHANGES.txt", "HISTORY.rst", "NEWS", "changelog.d/812.bugfix.md",
        "newsfragments/12.fix", "docs/api.rst", "doc/usage/index.md",
    ):  # fmt: skip
        assert kinds({path: (None, entry)}) == [], path
        assert kinds({path: ("old\n", entry)}) == [], path
    doctest = "Usage\n=====\n\n>>> depth({})\n1\n"
    fenced = "# Usage\n\n```python\nassert depth({}) == 1\n```\n"
    assert kinds({"docs/api.rst": ("Usage\n", doctest)}) == ["not_reviewed"]
    assert kinds({"docs/index.md": ("# depth\n", fenced)}) == ["not_reviewed"]
    for fence in ("```py3", "~~~pycon", "``` {.python}"):
        tilde = fenced.replace("```python", fence).replace("\n```\n", "\n" + fence[:3] + "\n")
        assert kinds({"docs/index.md": ("# depth\n", tilde)}) == ["not_reviewed"], fence
    assert kinds({"docs/index.md": ("# depth\n", fenced.replace("```python", "```console"))}) == []
    assert kinds({"CHANGELOG.md": (entry, None)}) == ["not_reviewed"]
    # What counts is the lines changed: an entry added above an older fenced example is
    # prose; a doctest's expected output changed (as one real fix did) is a test changed.
    older = "## 2.0\n\n```python\ndepth({})\n```\n"
    assert kinds({"CHANGELOG.md": (older, entry + older)}) == []
    assert kinds({"CHANGELOG.md": (older, older + "[#749](https://example.org/749)\n")}) == []  # after it
    assert kinds({"CHANGELOG.md": (older, older.replace("depth({})", "depth({}) + 1"))}) == ["not_reviewed"]
    page = "API\n\n>>> depth({})\n1\n\nSee also.\n"
    assert kinds({"docs/api.rst": (page, page.replace("See also.", "See also: height."))}) == []
    assert kinds({"docs/api.rst": (page, page.replace("\n1\n", "\n2\n"))}) == ["not_reviewed"]
    assert kinds({"docs/api.rst": (page, page.replace(">>> depth({})\n", ">>> depth({})\n\n"))}) == [
        "not_reviewed"  # a blank line between an example and its output splits the doctest
    ]
    assert kinds({"docs/api.rst": (page, page.replace("\n1\n", "\n1\n>>> depth(None)\n0\n"))}) == [
        "not_reviewed"
    ]
    # Not prose: data beside the docs, a build file, a translation the code loads, and
    # anything inside a package (its `docs/` or `CHANGES.txt` may be data the code reads).
    for path in (
        "docs/conf.py.in", "docs/limits.json", "setup.cfg", "src/pkg/locale/de.po", "notes/CHANGES.json",
        "src/pkg/docs/template.txt", "src/pkg/CHANGES.txt", "changes/rates.json", "newsfragments/12.json",
    ):  # fmt: skip
        assert kinds({path: (None, entry)}) == ["not_reviewed"], path


def test_another_module_patching_the_function_is_a_finding_even_when_its_file_is_unchanged() -> None:
    patcher = 'import depth\n\ndepth.depth = lambda node: 1 + len(node["children"])\n'
    assert kinds({"speedups.py": (None, patcher)}, defined_at_base={"depth"}) == ["function_rebound"]
    by_setattr = 'import depth as d\n\nsetattr(d, "depth", lambda node: 1)\n'
    assert kinds({"speedups.py": (None, by_setattr)}, defined_at_base={"depth"}) == ["function_rebound"]
    by_lookup = 'import sys\n\nsys.modules["depth"].depth = lambda node: 1\n'
    assert kinds({"speedups.py": (None, by_lookup)}, defined_at_base={"depth"}) == ["function_rebound"]
    # An attribute of an object that is not an imported name is data, not a patch.
    plain = "class Node:\n    def __init__(self):\n        self.depth = 0\n"
    assert kinds({"node.py": (None, plain)}, defined_at_base={"depth"}) == []


def test_a_source_encoding_under_which_python_runs_other_code_is_a_finding() -> None:
    total = "def total(items):\n    return sum(items)\n"
    # In UTF-8 the added line is a comment; Python, told the file is UTF-7, reads a newline
    # and `return 0` before the sum: the diff shows one function, Python runs another.
    hidden = "# coding: utf-7\n" + total.replace("    return", "    # +AAoAIAAgACAAIA-return 0\n    return")
    assert kinds({"total.py": (total, hidden)}) == ["source_encoding"]
    # A declared encoding that reads the same as UTF-8 hides nothing.
    assert kinds({"total.py": (total, "# -*- coding: utf-8 -*-\n" + total)}) == []
    # A file that already declared it at the base is not this branch's doing.
    assert kinds({"total.py": (hidden, hidden.replace("sum(items)", "sum(items) * 1"))}) == []


def test_a_changed_file_the_review_cannot_read_is_a_finding_not_a_pass() -> None:
    assert kinds({"depth.py": (DEPTH, DEPTH + "\ndef broken(:\n")}) == ["unreadable"]
    assert kinds({"depth.py": (DEPTH, None), "depth_v2.py": (None, "def depth(node) ->:\n")}) == [
        "unreadable",
        "function_removed",
    ]
    # Unreadable before and after (e.g. a Python 2 file the run did not make so): no claim.
    assert kinds({"legacy.py": ("print 'x'\n", "print 'y'\n")}) == []


def test_right_fix_shapes_stay_clean() -> None:
    """What Repair's one-line fixes look like: a module constant changed, a line of a
    function changed, a helper added beside the def. None is a finding."""
    module = "RATE = 0.2\n\n\ndef fee(amount):\n    return amount * RATE\n"
    assert kinds({"fees.py": (module, module.replace("RATE = 0.2", "RATE = 0.25"))}) == []
    assert kinds({"fees.py": (module, module.replace("amount * RATE", "round(amount * RATE, 2)"))}) == []
    patched_in_place = "import fees\n\nfees.RATE = 0.3\n"
    assert kinds({"setup_rates.py": (None, patched_in_place)}, defined_at_base={"fee"}) == []
    assert kinds({"depth.py": (DEPTH, DEPTH.replace("return 1\n", "return 1  # a leaf\n"))}) == []


def test_the_branch_review_knows_the_modules_float_constants() -> None:
    soil = "LIMIT = 7.0\n\n\ndef classify(ph):\n    return ph > LIMIT\n"
    assert kinds({"soil.py": (soil, soil.replace("ph > LIMIT", "ph - 1 > LIMIT"))}) == ["float_bound_shifted"]
