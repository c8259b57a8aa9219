"""guards.py: a missing check inserted above the ranked statement (`if C: A`), where it
applies and where it must not. Pure: source text in, candidate edits out."""

from __future__ import annotations

import textwrap

from devagent.repair.rules import candidates
from devagent.repair.rules.edit import apply


def guards(source: str, fragment: str) -> list[str]:
    """The guard lines proposed above the line holding `fragment` (its statement kept)."""
    source = textwrap.dedent(source)
    (line,) = [i for i, text in enumerate(source.splitlines(), 1) if fragment in text]
    found = [e for e in candidates(source, line, limit=1000) if e.template == "guard_before"]
    for edit in found:
        assert edit.new_text.endswith(edit.old_text)  # the statement itself is kept as it was
        compile(apply(source, edit), "<guard>", "exec")
    return [e.new_text.splitlines()[0].strip() for e in found]


def test_a_loop_skips_a_blank_or_duplicate_value_before_using_it() -> None:
    source = """\
    def tags(raw):
        out = []
        for tag in raw:
            out.append(tag)
        return out
    """
    found = guards(source, "out.append(tag)")
    assert "if not tag: continue" in found
    assert "if tag in out: continue" in found
    assert "if tag is None: continue" in found


def test_a_divisor_and_a_looked_up_value_are_checked_first() -> None:
    source = """\
    def rate(passed, total):
        return round(100 * passed / total, 1)
    """
    found = guards(source, "return round")
    assert found[0] == "if not total: return 0"
    assert "if not passed: return 0" in found
    lookup = guards(
        """\
        def depth(node):
            return 1 + max(depth(child) for child in node["children"])
        """,
        "return 1 +",
    )
    assert 'if not node["children"]: return 1' in lookup


def test_the_early_return_has_the_functions_result_kind() -> None:
    source = """\
    def names(rows):
        found = []
        first = rows[0]
        found.append(first)
        return found
    """
    found = guards(source, "first = rows[0]")
    assert found[0] == "if not rows: return []"
    text = guards(
        """\
        def label(user):
            return user["name"].title()
        """,
        "return user",
    )
    assert 'if not user["name"]: return ""' in text


def test_a_number_compared_by_order_gets_a_sign_check_that_raises_as_the_function_does() -> None:
    source = """\
    def withdraw(balance, amount):
        if amount > balance:
            raise ValueError("insufficient funds")
        return balance - amount
    """
    found = guards(source, "return balance - amount")
    assert "if amount < 0: raise ValueError('insufficient funds')" in found
    assert "if amount <= 0: raise ValueError('insufficient funds')" in found
    # a name never compared by order gets no sign check
    plain = guards("def f(items, key):\n    return items[key]\n", "return items")
    assert not any("<" in g for g in plain)


def test_no_guard_tests_what_the_statement_itself_binds_or_calls() -> None:
    source = """\
    def parse(text):
        key, value = text.split("=")
        return key
    """
    found = guards(source, "key, value =")
    assert found and all("key" not in g and "value" not in g for g in found)
    assert not any("split" in g for g in found)
    # outside a loop there is nothing to continue or break
    assert not any(g.endswith(("continue", "break")) for g in found)


def test_no_guard_on_a_docstring_a_definition_or_a_module_level_line() -> None:
    source = '''\
    LIMIT = 3
    def f(x):
        """Doc."""
        return x
    '''
    assert guards(source, '"""Doc."""') == []
    assert guards(source, "LIMIT = 3") == []
    assert guards(source, "def f(x):") == []


def test_a_loop_header_gets_a_return_check_on_its_iterable_only() -> None:
    source = """\
    def total(items):
        result = 0
        for item in items:
            result += item
        return result
    """
    found = guards(source, "for item in items:")
    assert "if not items: return 0" in found
    assert not any("item " in g or g.startswith("if not item:") for g in found)
    assert not any(g.endswith("continue") for g in found)


def test_a_span_handed_on_is_kept_only_when_not_empty_and_the_loop_goes_on() -> None:
    source = """\
    def free_slots(meetings, day_start):
        gaps = []
        cursor = day_start
        for start, end in sorted(meetings):
            gaps.append((cursor, start))
            cursor = max(cursor, end)
        return gaps
    """

    def wrapped(code: str) -> list[str]:
        code = textwrap.dedent(code)
        found = [e for e in candidates(code, 5, limit=1000) if e.template == "guard_wrap"]
        for edit in found:
            compile(apply(code, edit), "<wrapped>", "exec")
        return [e.new_text for e in found]

    assert "        if cursor < start:\n            gaps.append((cursor, start))" in wrapped(source)
    # a single value handed on is no span
    assert wrapped(source.replace("gaps.append((cursor, start))", "gaps.append(cursor)")) == []


def test_a_method_skips_what_its_object_already_collected() -> None:
    source = """\
    class Course:
        def __init__(self, capacity):
            self.capacity = capacity
            self.students = []

        def enroll(self, student_id):
            if len(self.students) >= self.capacity:
                return False
            self.students.append(student_id)
            return True
    """
    assert "if student_id in self.students: return False" in guards(source, "self.students.append")
    # a plain function has no object to collect into
    plain = "def add(found, x):\n    found.append(x)\n    return True\n"
    assert not any(" in self." in g for g in guards(plain, "found.append"))


def test_a_value_below_the_smallest_one_the_function_singles_out_is_checked() -> None:
    source = """\
    def is_prime(n):
        if n % 2 == 0:
            return n == 2
        return True
    """
    assert "if n < 2: return False" in guards(source, "if n % 2 == 0")
    # compared with another name only: no constant to stay below
    other = "def same(n, m):\n    if n == m:\n        return True\n    return False\n"
    assert not any(g.startswith("if n < ") for g in guards(other, "if n == m"))


def test_a_zero_result_comes_as_an_int_and_then_as_a_float() -> None:
    """`return 0` and `return 0.0` pass the same `==` tests; the overfit guard tells
    them apart by the type of the function's other results, so both are offered."""
    found = guards(
        """\
        def rate(passed, total):
            return round(100 * passed / total, 1)
        """,
        "return round",
    )
    assert found.index("if not total: return 0.0") == found.index("if not total: return 0") + 1
    listing = guards(
        """\
        def names(rows):
            return [row["name"] for row in rows]
        """,
        "return [",
    )
    assert not any(g.endswith("return 0.0") for g in listing)  # a list has no float zero


def test_a_module_constant_nothing_reads_is_the_threshold_of_a_missing_check() -> None:
    """`GRACE_MINUTES = 15` that no code reads: the check that used it is missing
    (`if minutes <= GRACE_MINUTES: return 0.0` before the charge)."""
    source = """\
    import math

    GRACE_MINUTES = 15
    RATE = 2.5


    def fee(minutes):
        hours = math.ceil(minutes / 60)
        return hours * RATE
    """
    found = guards(source, "hours = math.ceil")
    assert "if minutes <= GRACE_MINUTES: return 0" in found
    assert "if minutes <= GRACE_MINUTES: return 0.0" in found
    assert "if minutes < GRACE_MINUTES: return 0" in found
    # a constant the code reads already is no sign of a missing check
    assert not any("RATE" in g for g in found)
    used = source.replace("return hours * RATE", "return hours * RATE if minutes > GRACE_MINUTES else 0")
    assert not any("GRACE_MINUTES:" in g for g in guards(used, "hours = math.ceil"))


def test_a_flag_the_loop_only_toggles_skips_the_rounds_it_marks() -> None:
    source = """\
    def word_count(text):
        count = 0
        in_code = False
        for line in text.splitlines():
            if line.startswith("```"):
                in_code = not in_code
                continue
            count += len(line.split())
        return count
    """
    found = guards(source, "count += len(line.split())")
    assert "if in_code: continue" in found
    read = source.replace("        return count\n", "        return count, in_code\n")
    read = read.replace("count += len(line.split())", "count += len(line.split()) if in_code else 0")
    assert "if in_code: continue" not in guards(read, "count += len(line.split())")


def test_a_record_a_docstring_field_marks_is_skipped() -> None:
    source = '''\
    def goal_tally(events):
        """Each event has "player" and "minute", and optionally "own_goal": True."""
        tally = {}
        for event in events:
            tally[event["player"]] = tally.get(event["player"], 0) + 1
        return tally
    '''
    found = guards(source, "tally[event[")
    assert 'if event.get("own_goal"): continue' in found
    assert not any('get("player")' in g for g in found)


def test_a_docstring_names_only_plain_fields_never_code_for_a_candidate() -> None:
    """The docstring is text from the repository under repair: only a quoted identifier
    becomes a field name, so quoted code never reaches a candidate."""
    source = '''\
    def goal_tally(events):
        """Each event has "player" and ") or __import__('os').system('x') or (" and "Own Goal"."""
        tally = {}
        for event in events:
            tally[event["player"]] = tally.get(event["player"], 0) + 1
        return tally
    '''
    found = guards(source, "tally[event[")
    assert not any("__import__" in g or "Own Goal" in g for g in found)
