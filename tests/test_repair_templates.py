"""Fix templates: each family proposes the expected edit; every candidate compiles and
keeps the line's indentation and the rest of its text."""

from __future__ import annotations

import textwrap

import pytest

from devagent.repair.rules import candidates
from devagent.repair.rules.edit import Edit, apply, rank

SOURCE = textwrap.dedent(
    '''\
    """A module with one of everything."""
    import math

    LIMIT = 10


    def area(width, height):
        """Docstring line."""
        total = width * height  # the product
        if total > LIMIT and width:
            return total - 1
        while not total:
            total = max(total, 1)
        parts = [p for p in range(width) if p]
        label = "héllo" + str(total)
        first = parts[height]
        ok = label.startswith("h")
        flag = True
        report(
            first, parts,
        )
        return any(parts) and total / width


    def scale(xs, factor):
        out = sorted(xs)
        for i in range(len(xs) - 1):
            out.append(xs[i:factor])
        math.floor(factor)


    def report(a, b):
        a + b
    '''
)


def lines_of(source: str) -> list[str]:
    return source.splitlines()


def line_no(fragment: str, source: str = SOURCE) -> int:
    matches = [i for i, text in enumerate(lines_of(source), 1) if fragment in text]
    assert len(matches) == 1, (fragment, matches)
    return matches[0]


def new_texts(fragment: str, source: str = SOURCE) -> dict[str, str]:
    """new_text -> template for the line holding `fragment`."""
    return {e.new_text: e.template for e in candidates(source, line_no(fragment, source))}


@pytest.mark.parametrize(
    ("fragment", "expected", "template"),
    [
        # binary operators within a family
        ("total = width * height", "    total = width / height  # the product", "binop"),
        ("return total - 1", "        return total + 1", "binop"),
        ("return any(parts)", "    return any(parts) and total // width", "binop"),
        # comparisons: boundary and flip
        ("if total > LIMIT", "    if total >= LIMIT and width:", "compare"),
        ("if total > LIMIT", "    if total < LIMIT and width:", "compare"),
        # boolean operator
        ("if total > LIMIT", "    if total > LIMIT or width:", "boolop"),
        # negation: insert into a condition, remove an existing `not`
        ("if total > LIMIT", "    if not (total > LIMIT and width):", "negate"),
        ("while not total", "    while total:", "negate"),
        ("if total > LIMIT", "    if total > LIMIT and not width:", "negate"),
        # off by one: integer literal, drop an offset, shift an index / slice bound / range arg
        ("LIMIT = 10", "LIMIT = 11", "off_by_one"),
        ("LIMIT = 10", "LIMIT = 9", "off_by_one"),
        ("for i in range(len(xs) - 1)", "    for i in range(len(xs)):", "off_by_one"),
        ("first = parts[height]", "    first = parts[height - 1]", "off_by_one"),
        ("first = parts[height]", "    first = parts[height + 1]", "off_by_one"),
        ("out.append(xs[i:factor])", "        out.append(xs[i:factor + 1])", "off_by_one"),
        ("out.append(xs[i:factor])", "        out.append(xs[i - 1:factor])", "off_by_one"),
        ("parts = [p for p in range(width)", "    parts = [p for p in range(width + 1) if p]", "off_by_one"),
        # swapped call arguments and non-commutative operands
        ("first, parts,", "        parts, first,", "swap_args"),
        ("return total - 1", "        return 1 - total", "swap_operands"),
        ("return any(parts)", "    return any(parts) and width / total", "swap_operands"),
        # a name replaced by another name in scope (a parameter, a local)
        ("first = parts[height]", "    first = parts[width]", "rename"),
        ("first = parts[height]", "    first = total[height]", "rename"),
        # paired built-ins and methods
        ("return any(parts)", "    return all(parts) and total / width", "paired_builtin"),
        ("total = max(total, 1)", "        total = min(total, 1)", "paired_builtin"),
        ("ok = label.startswith", '    ok = label.endswith("h")', "paired_builtin"),
        ("math.floor(factor)", "    math.ceil(factor)", "paired_builtin"),
        ("out = sorted(xs)", "    out = sorted(xs, reverse=True)", "paired_builtin"),
        ("out.append(xs[i:factor])", "        out.extend(xs[i:factor])", "paired_builtin"),
        # constants
        ("flag = True", "    flag = False", "constant"),
        # missing return: a bare last expression
        ("    a + b", "    return a + b", "missing_return"),
        # cross-family arithmetic slip, truncation vs rounding
        ("total = width * height", "    total = width + height  # the product", "binop"),
        # a returned number one off
        ("return total - 1", "        return total - 1 + 1", "off_by_one"),
        # a value computed and dropped before the end of the function
        ("math.floor(factor)", "    return math.floor(factor)", "missing_return"),
        # non-ASCII text before the edit point (AST offsets are in bytes)
        ('label = "héllo"', '    label = "héllo" - str(total)', "binop"),
    ],
)
def test_template_family_proposes_expected_edit(fragment: str, expected: str, template: str) -> None:
    found = new_texts(fragment)
    assert expected in found, sorted(found)
    assert found[expected] == template


def test_truncation_and_rounding_are_paired() -> None:
    source = "def cents(amount):\n    return int(float(amount) * 100)\n"
    assert "    return round(float(amount) * 100)" in {e.new_text for e in candidates(source, 2)}


def test_renames_prefer_nearby_names_and_index_names_for_indices() -> None:
    source = textwrap.dedent(
        """\
        def product(a, b, n):
            result = [[0] * n for _ in range(n)]
            scale = 1
            for i in range(n):
                for j in range(n):
                    for k in range(n):
                        result[i][j] += a[i][k] * b[k][i] * scale
            return result
        """
    )
    line = line_no("b[k][i]", source)
    renames = [e.new_text.strip() for e in candidates(source, line) if e.template == "rename"]
    # `i` in an index: the other index names (j, k) come before the other locals.
    position = {text: n for n, text in enumerate(renames)}
    assert "result[i][j] += a[i][k] * b[k][j] * scale" in position
    assert position["result[i][j] += a[i][k] * b[k][j] * scale"] < position.get(
        "result[i][j] += a[i][k] * b[k][scale] * scale", len(renames)
    )


def test_recursive_function_gets_base_case_guards() -> None:
    source = textwrap.dedent(
        '''\
        def gcd(a, b):
            """Euclid."""
            return gcd(b, a % b)


        def plain(a, b):
            return a % b
        '''
    )
    guards = [e for e in candidates(source, 3) if e.template == "guard"]
    assert guards and all(e.line == 3 for e in guards)
    assert "    if not b: return a\n    return gcd(b, a % b)" in {e.new_text for e in guards}
    texts = [e.new_text for e in guards]
    # a zero comes as an int and then as a float (the overfit guard tells them apart)
    zero = texts.index("    if not a: return 0\n    return gcd(b, a % b)")
    assert texts[zero + 1] == "    if not a: return 0.0\n    return gcd(b, a % b)"
    assert len([t for t in texts if "return 0.0" not in t]) <= 40
    assert not [e for e in candidates(source, 7) if e.template == "guard"]  # not recursive


def test_missing_return_is_inserted_after_the_last_statement() -> None:
    line = line_no("for i in range(len(xs) - 1)")
    inserted = [e for e in candidates(SOURCE, line) if e.template == "missing_return"]
    assert inserted, "a function that ends without return gets `return <local>` inserted"
    edit = inserted[0]
    assert edit.line == line_no("math.floor(factor)")
    assert edit.new_text == "    math.floor(factor)\n    return out"
    patched = apply(SOURCE, edit)
    assert "    math.floor(factor)\n    return out\n" in patched
    compile(patched, "<test>", "exec")


def test_bare_return_gets_a_value() -> None:
    source = "def f(xs):\n    best = None\n    for x in xs:\n        best = x\n    return\n"
    found = {e.new_text for e in candidates(source, 5)}
    assert "    return best" in found


@pytest.mark.parametrize("number", range(1, len(SOURCE.splitlines()) + 1))
def test_every_candidate_compiles_and_keeps_indentation_and_rest_of_line(number: int) -> None:
    text = SOURCE.splitlines()[number - 1]
    indent = text[: len(text) - len(text.lstrip())]
    for edit in candidates(SOURCE, number):
        assert isinstance(edit, Edit)
        assert edit.old_text == "\n".join(SOURCE.splitlines()[edit.line - 1 : edit.line - 1 + edit.span])
        assert edit.new_text != edit.old_text
        compile(apply(SOURCE, edit), "<candidate>", "exec")
        if edit.line == number:
            assert edit.new_text.startswith(indent)
            assert not edit.new_text[len(indent) :].startswith((" ", "\t"))
        if "# the product" in text:
            assert edit.new_text.endswith("  # the product")


def test_no_candidates_for_comments_blank_lines_and_docstrings() -> None:
    source = "def f(x):\n    '''Doc.'''\n    # a comment: x + 1\n\n    return x + 1\n"
    assert candidates(source, 3) == []
    assert candidates(source, 4) == []
    assert candidates(source, 2) == []
    assert candidates(source, 99) == []
    assert candidates(source, 0) == []


def test_lines_of_a_multiline_statement_do_not_crash() -> None:
    source = textwrap.dedent(
        """\
        def f(a, b, c):
            value = compute(
                a + b,
                c,
            )
            text = '''line one
        line two'''
            return value < (
                a
            )
        """
    )
    for number in range(1, len(source.splitlines()) + 1):
        for edit in candidates(source, number):
            compile(apply(source, edit), "<candidate>", "exec")
    assert "        a - b," in {e.new_text for e in candidates(source, 3)}
    assert candidates(source, 7) == []  # inside a string literal


def test_invalid_source_gives_no_candidates() -> None:
    assert candidates("def f(:\n    return 1\n", 2) == []


def test_candidates_are_unique_ranked_and_capped() -> None:
    line = line_no("if total > LIMIT")
    found = candidates(SOURCE, line)
    assert len({e.new_text for e in found}) == len(found)
    assert [e.size for e in found] == sorted(e.size for e in found)
    assert found == rank(found)
    assert len(candidates(SOURCE, line, limit=3)) == 3
    assert {e.template for e in found} >= {"compare", "boolop", "negate", "rename"}


def test_apply_keeps_crlf_and_refuses_a_stale_edit() -> None:
    source = "def f(x):\r\n    return x + 1\r\n"
    edit = next(e for e in candidates(source, 2) if e.new_text == "    return x - 1")
    assert apply(source, edit) == "def f(x):\r\n    return x - 1\r\n"
    with pytest.raises(ValueError, match="changed"):
        apply("def f(x):\n    return x * 2\n", edit)


def test_a_recursion_that_walks_an_index_stops_at_the_end_of_what_it_indexes() -> None:
    """`f(xs, i + 1)` reading `xs[i]`: the base case is the index at the end of `xs`."""
    source = textwrap.dedent(
        """\
        def running(readings, i=0, total=0.0):
            total += readings[i]
            return [total] + running(readings, i + 1, total)


        def count(values, target, start=0):
            if target == 0:
                return 1
            if target < 0:
                return 0
            return count(values, target - values[start], start + 1) + count(values, target, start + 1)
        """
    )
    first = [
        e.new_text.splitlines()[0].strip() for e in candidates(source, 2, limit=1000) if e.template == "guard"
    ]
    assert "if i == len(readings): return []" in first
    assert "if i >= len(readings): return []" in first
    recursing = (
        source.splitlines().index(
            "    return count(values, target - values[start], start + 1) + count(values, target, start + 1)"
        )
        + 1
    )
    last = [
        e.new_text.splitlines()[0].strip()
        for e in candidates(source, recursing, limit=1000)
        if e.template == "guard"
    ]
    assert "if start == len(values): return 0" in last
    # an index that moves down, or one never used to index, has no end to meet
    down = "def f(xs, i):\n    if xs[i] > 0:\n        return i\n    return f(xs, i - 1)\n"
    assert not any(
        "i == len(xs)" in e.new_text for e in candidates(down, 2, limit=1000) if e.template == "guard"
    )
    unused = "def g(xs, n):\n    return [n] + g(xs, n + 1)\n"
    assert not any(
        "n == len(xs)" in e.new_text for e in candidates(unused, 2, limit=1000) if e.template == "guard"
    )


def test_a_recursion_that_builds_a_path_stops_where_the_node_is_the_target() -> None:
    """`[hub["name"]] + sub` with `target` passed on unchanged: the path ends at the
    target itself (`if hub["name"] == target: return [hub["name"]]`)."""
    source = textwrap.dedent(
        """\
        def path_to(hub, target):
            for child in hub.get("children", []):
                sub = path_to(child, target)
                if sub is not None:
                    return [hub["name"]] + sub
            return None
        """
    )
    found = [
        e.new_text.splitlines()[0].strip() for e in candidates(source, 2, limit=1000) if e.template == "guard"
    ]
    assert "if hub['name'] == target: return [hub['name']]" in found
    # nothing carried to meet: no such base case
    alone = source.replace("path_to(child, target)", "path_to(child, child)")
    found = [e.new_text for e in candidates(alone, 2, limit=1000) if e.template == "guard"]
    assert not any("return [hub['name']]" in t for t in found)


def test_an_update_the_function_makes_twice_is_deleted_early() -> None:
    source = textwrap.dedent(
        """\
        def statement(balance, transactions):
            rows = []
            for desc, amount in transactions:
                if balance + amount < 0:
                    balance += amount
                    rows.append((desc, "REJECTED"))
                    continue
                balance += amount
                rows.append((desc, balance))
            return rows
        """
    )
    first = [e for e in candidates(source, 5, limit=1000) if e.template == "delete"]
    assert first and first[0].size == 3
    once = source.replace("        balance += amount\n        rows", "        rows")
    assert once != source
    alone = [e for e in candidates(once, 5, limit=1000) if e.template == "delete"]
    assert alone and alone[0].size == 5


def test_a_recursion_into_the_items_of_a_nested_list_stops_at_a_leaf() -> None:
    source = textwrap.dedent(
        """\
        def area(layout):
            return sum(area(part) for part in layout)
        """
    )
    found = [
        e.new_text.splitlines()[0].strip() for e in candidates(source, 2, limit=1000) if e.template == "guard"
    ]
    assert "if not isinstance(layout, list): return layout" in found
    assert "if isinstance(layout, (int, float)): return layout" in found
    # iterated, but the recursion takes something else: no leaf
    other = "def f(xs, n):\n    return sum(f(xs, n - 1) for x in xs)\n"
    assert not any(
        "isinstance(xs" in e.new_text for e in candidates(other, 2, limit=1000) if e.template == "guard"
    )


def test_a_walk_over_a_grid_stops_at_the_far_corner() -> None:
    source = textwrap.dedent(
        """\
        def routes(grid):
            rows, cols = len(grid), len(grid[0])

            def walk(r, c):
                if r >= rows or c >= cols or grid[r][c] == "#":
                    return 0
                return walk(r + 1, c) + walk(r, c + 1)

            return walk(0, 0)
        """
    )
    line = source.splitlines().index("        return walk(r + 1, c) + walk(r, c + 1)") + 1
    edits = [e for e in candidates(source, line, limit=1000) if e.template == "guard"]
    found = [e.new_text.splitlines()[0].strip() for e in edits]
    assert "if r == rows - 1 and c == cols - 1: return 1" in found
    # after the walls are checked, not before (a blocked corner is no route)
    corner = [e for e in edits if e.new_text.strip().startswith("if r == rows - 1 and")]
    assert corner and all(e.line == line for e in corner)
    # one step only, or no bound it is checked against: no corner
    single = source.replace("walk(r + 1, c) + walk(r, c + 1)", "walk(r + 1, c) + walk(r + 1, c)")
    found = [e.new_text for e in candidates(single, line, limit=1000) if e.template == "guard"]
    assert not any("c == cols - 1" in t for t in found)


WORKOUT = '''\
def total_minutes(block):
    """A block is an exercise {"name": ..., "minutes": ...} or a group {"blocks": [...]}."""
    one_round = sum(total_minutes(b) for b in block["blocks"])
    return one_round * block.get("repeat", 1)
'''


def test_a_recursion_over_records_stops_at_a_leaf_holding_a_field_the_code_never_reads() -> None:
    line = 3
    documented = [e.new_text.strip() for e in candidates(WORKOUT, line, limit=1000) if e.template == "guard"]
    assert any(t.startswith('if "minutes" in block: return block["minutes"]') for t in documented)
    plain = WORKOUT.replace('{"name": ..., "minutes": ...}', "an exercise")
    held = [e.new_text.strip() for e in candidates(plain, line, limit=1000, data_fields=("name", "minutes"))]
    assert any(t.startswith('if "minutes" in block: return block["minutes"]') for t in held)
    # a field the code reads already ("blocks") is no leaf's
    assert not any('if "blocks" in block' in t for t in held)
    assert not any(
        '"minutes" in block' in t for t in (e.new_text for e in candidates(plain, line, limit=1000))
    )


DAYS = textwrap.dedent(
    """\
    {imports}

    def days_late(seconds):
        \"\"\"Started days: any part of a day counts as a whole one.\"\"\"
        return int(seconds / 86400)
    """
)


@pytest.mark.parametrize(
    ("imports", "expected", "absent"),
    [
        ("import math", ["math.ceil(", "math.floor(", "round("], ["    return ceil("]),
        ("from math import ceil", ["return ceil(", "round("], ["math.ceil("]),
        ("import os", ["round("], ["ceil(", "floor("]),  # no new import for a one-line fix
    ],
    ids=["import-math", "from-math", "no-math"],
)
def test_a_whole_number_conversion_is_tried_as_each_other_the_module_can_name(
    imports: str, expected: list[str], absent: list[str]
) -> None:
    """`int(x)` truncates, `round` rounds half to even, `math.ceil` counts a started day:
    one is easily written for another (blind12's overdue fines: int for math.ceil, with
    math imported and unused), and the tests often cannot tell round from ceil."""
    source = DAYS.format(imports=imports)
    proposed = [t for t, template in new_texts("return int(", source).items() if template == "paired_builtin"]
    for fragment in expected:
        assert any(fragment in text for text in proposed), (fragment, proposed)
    for fragment in absent:
        assert not any(fragment in text for text in proposed), (fragment, proposed)


def test_a_guard_in_a_function_that_returns_floats_returns_0_0_before_0() -> None:
    """`if not owned: return 0` and its `return 0.0` twin both pass `== 0.0`; the first to
    pass is chosen, so in a function whose result is a true division the float comes
    first (blind12's availability rate: `return 0` was pushed; the probes could not tell,
    the function never returned a number on the failing call's neighbours)."""
    source = textwrap.dedent(
        """\
        def rate(owned, on_loan):
            return (owned - on_loan) / owned
        """
    )
    texts = [e.new_text for e in candidates(source, 2) if e.template == "guard_before"]
    as_float = texts.index("    if not owned: return 0.0\n    return (owned - on_loan) / owned")
    as_int = texts.index("    if not owned: return 0\n    return (owned - on_loan) / owned")
    assert as_float < as_int
    counting = "def count(xs):\n    return len(xs) - 1\n"
    texts = [e.new_text for e in candidates(counting, 2) if e.template == "guard_before"]
    assert texts.index("    if not xs: return 0\n    return len(xs) - 1") < texts.index(
        "    if not xs: return 0.0\n    return len(xs) - 1"
    )


def test_a_character_set_missing_one_of_its_kin_gets_it_added() -> None:
    """sqlparse's remove_quotes lost the backtick from its quote characters (a fidelity
    bug that stalled: 180 of 200 candidates, none of them this); a literal of one-character
    strings of one kind (quotes, brackets, blanks, separators) gets a missing kin."""
    source = textwrap.dedent(
        """\
        def unquote(val):
            if val and val[0] in ('"', "'") and val[0] == val[-1]:
                return val[1:-1]
            return val
        """
    )
    added = {t: k for t, k in new_texts("val[0] in (", source).items() if k == "kin_added"}
    assert list(added) == ["""    if val and val[0] in ('"', "'", '`') and val[0] == val[-1]:"""]
    blanks = "def split(s):\n    return [w for w in s.split() if w not in {' ', '\\t'}]\n"
    added_blanks = [t for t, k in new_texts("not in {", blanks).items() if k == "kin_added"]
    assert any("'\\n'" in t for t in added_blanks) and all(t.count("{") == 1 for t in added_blanks)
    mixed = "def f(c):\n    return c in ('a', '\"')\n"  # not one kind: nothing added
    assert not [t for t, k in new_texts("return c in", mixed).items() if k == "kin_added"]


def test_a_name_assigned_to_itself_gets_back_the_attribute_it_lost() -> None:
    """jaraco.functools' Throttler unwraps another Throttler: `func = func.func` lost its
    attribute and became `func = func`, a statement that does nothing (a fidelity bug that
    stalled: 352 candidates, none of them this). A name assigned to itself gets the
    attributes the module's objects keep (`self.<name> = ...`), its own name first, and,
    in a method, `self.<name> = <name>`."""
    source = textwrap.dedent(
        """\
        class Throttler:
            def __init__(self, func, max_rate=1.0):
                if isinstance(func, Throttler):
                    func = func
                self.func = func
                self.max_rate = max_rate
        """
    )
    found = [t for t, k in new_texts("    func = func", source).items() if k == "self_assigned"]
    assert found[0] == "            func = func.func"
    assert "            func = func.max_rate" in found
    assert "            self.func = func" in found
    plain = "def f(x):\n    y = x\n    return y\n"  # not a name assigned to itself
    assert not [t for t, k in new_texts("y = x", plain).items() if k == "self_assigned"]


def test_text_joined_or_formatted_gets_the_cleaning_a_chain_lacks() -> None:
    """pygments' docstring_headline lost `.lstrip()` after `''.join(res)` (a fidelity bug
    that stalled: 379 candidates, none of them this): a `join` or `format` call makes text
    as much as a string method does, and gets the chain's missing cleaning too."""
    source = "def headline(parts):\n    res = [' ' + p for p in parts]\n    return ''.join(res)\n"
    chained = [t for t, k in new_texts("return ''.join", source).items() if k == "wrap_call"]
    assert "    return ''.join(res).strip()" in chained
    formatted = "def label(n):\n    return '{} items '.format(n)\n"
    assert "    return '{} items '.format(n).strip()" in new_texts("format(n)", formatted)
