"""Edits that delete meaning (devagent/repair/suspect_edits.py): each rule on the wrong
fixes issue 40 names (where it must find something) and on right fixes of the same
shape (where it must not)."""

from __future__ import annotations

import textwrap

from devagent.repair.suspect_edits import suspect_edits


def kinds(before: str, after: str) -> list[str]:
    return [f.kind for f in suspect_edits(textwrap.dedent(before), textwrap.dedent(after))]


DFS = """\
def reachable(node, goal):
    if node is goal:
        return True
    return any(reachable(nextnode, goal) for nextnode in node.successors)
"""


def test_a_recursive_call_replaced_by_its_argument_is_found() -> None:
    after = DFS.replace("any(reachable(nextnode, goal) for", "any(nextnode for")
    (finding,) = suspect_edits(DFS, after)
    assert finding.kind == "recursive_call_removed"
    assert finding.function == "reachable"
    assert "reachable()" in finding.detail


def test_a_recursion_kept_is_not_a_finding() -> None:
    assert kinds(DFS, DFS.replace("node is goal", "node == goal")) == []


def test_a_parameter_no_longer_read_is_found_and_a_renamed_read_is_not() -> None:
    before = """\
    def price(amount, rate):
        return amount * (1 - rate)
    """
    assert kinds(before, before.replace("(1 - rate)", "(1 - 0.1)")) == ["parameter_unread"]
    assert kinds(before, before.replace("(1 - rate)", "(1 + rate)")) == []


def test_a_function_that_now_returns_only_a_constant_is_found() -> None:
    before = """\
    def is_valid(code):
        return len(code) == 10 and code[0] != "0"
    """
    found = suspect_edits(
        textwrap.dedent(before), textwrap.dedent(before).replace("return len", "return True or len")
    )
    assert found == []  # still computes something
    unread, constant = suspect_edits(textwrap.dedent(before), "def is_valid(code):\n    return True\n")
    assert (unread.kind, constant.kind) == ("parameter_unread", "returns_constant")
    assert "`True`" in constant.detail and "`code`" in unread.detail


def test_a_base_case_added_beside_computed_returns_is_not_a_constant_function() -> None:
    before = """\
    def total(xs):
        return xs[0] + total(xs[1:])
    """
    after = """\
    def total(xs):
        if not xs:
            return 0
        return xs[0] + total(xs[1:])
    """
    assert kinds(before, after) == []


def test_an_accumulator_started_away_from_its_identity_is_found() -> None:
    before = """\
    def balance(moves):
        total = 0
        for move in moves:
            total += move
        return total
    """
    assert kinds(before, before.replace("total = 0", "total = 1")) == ["accumulator_start_changed"]


def test_an_accumulator_moved_to_its_identity_is_a_right_fix_shape() -> None:
    before = """\
    def product(xs):
        result = 0
        for x in xs:
            result *= x
        return result
    """
    assert kinds(before, before.replace("result = 0", "result = 1")) == []


def test_a_guard_above_an_existing_base_case_is_found() -> None:
    before = """\
    def ways(total, coins):
        if total == 0:
            return 1
        if total < 0 or not coins:
            return 0
        return ways(total - coins[0], coins) + ways(total, coins[1:])
    """
    before = textwrap.dedent(before)
    after = before.replace("    if total == 0:", "    if not coins:\n        return 0\n    if total == 0:", 1)
    (finding,) = suspect_edits(before, after)
    assert finding.kind == "guard_before_base_case"
    assert "if not coins: return 0" in finding.detail and "if total == 0: return 1" in finding.detail


def test_a_guard_below_the_existing_base_cases_is_not_a_finding() -> None:
    before = """\
    def depth(node):
        if node is None:
            return 0
        return 1 + max(depth(node.left), depth(node.right))
    """
    before = textwrap.dedent(before)
    leaf = "    if node.left is None and node.right is None:\n        return 1\n"
    after = before.replace("        return 0\n", "        return 0\n" + leaf)
    assert "return 1" in after
    assert kinds(before, after) == []


def test_a_loop_bound_moved_past_the_length_is_found() -> None:
    before = """\
    def count(s, sub):
        n = 0
        for i in range(len(s) - len(sub) + 1):
            if s[i:i + len(sub)] == sub:
                n += 1
        return n
    """
    after = before.replace("range(len(s) - len(sub) + 1)", "range(len(s) + len(sub))")
    assert kinds(before, after) == ["bound_past_length"]
    assert kinds(before, before.replace("len(sub) + 1)", "len(sub))")) == []


def test_a_method_is_matched_by_its_class_and_unchanged_functions_are_skipped() -> None:
    before = """\
    class Tree:
        def size(self):
            return 1 + sum(child.size() for child in self.children)

    def size(xs):
        return len(xs)
    """
    after = before.replace("sum(child.size() for child", "sum(1 for child")
    (finding,) = suspect_edits(textwrap.dedent(before), textwrap.dedent(after))
    assert finding.function == "Tree.size" and finding.kind == "recursive_call_removed"


def test_source_that_does_not_parse_has_no_findings() -> None:
    assert suspect_edits("def f(:\n", "def f():\n    return 1\n") == []


def test_a_new_edge_above_a_base_case_on_the_same_names_is_not_a_finding() -> None:
    """`if not units: return 1` above `if units < 0 or not sizes: return 0`: both test
    `units`; the new one only refines where the recursion stops (a right fix's shape)."""
    before = textwrap.dedent(
        """\
        def ways(units, sizes):
            if units < 0 or not sizes:
                return 0
            return ways(units - sizes[0], sizes) + ways(units, sizes[1:])
        """
    )
    after = before.replace("    if units < 0", "    if not units:\n        return 1\n    if units < 0", 1)
    assert "return 1" in after
    assert kinds(before, after) == []


def test_a_guard_on_what_a_base_case_is_computed_from_is_not_a_finding() -> None:
    """`if not postcode: return default` above `if code in zones: ...` where `code =
    clean(postcode)`: both are about the postcode."""
    before = textwrap.dedent(
        """\
        def zone_for(postcode, zones, default):
            code = postcode.strip()[:-1]
            if code in zones:
                return zones[code]
            return zone_for(code, zones, default)
        """
    )
    after = before.replace("    code = ", "    if not postcode:\n        return default\n    code = ", 1)
    assert "return default" in after
    assert kinds(before, after) == []


def test_a_function_made_the_same_as_another_is_found() -> None:
    before = textwrap.dedent(
        '''\
        MILES_PER_KM = 1.609344


        def km_to_miles(km):
            """Miles for a distance in kilometres."""
            return round(km * MILES_PER_KM, 2)


        def miles_to_km(miles):
            """Kilometres for a distance in miles."""
            return round(miles / MILES_PER_KM, 2)
        '''
    )
    (finding,) = suspect_edits(before, before.replace("km * MILES", "km / MILES"))
    assert finding.kind == "same_as_another_function" and finding.function == "km_to_miles"
    assert "miles_to_km()" in finding.detail
    assert kinds(before, before.replace("km * MILES", "km * 0.621371 * MILES")) == []


def test_a_guard_above_a_recursive_step_is_not_above_a_base_case() -> None:
    """`if nxt is a holiday: return f(nxt, n)` is a step of the recursion, no base case."""
    before = textwrap.dedent(
        """\
        def add_days(day, n, holidays):
            nxt = day + 1
            if nxt in holidays:
                return add_days(nxt, n, holidays)
            return add_days(nxt, n - 1, holidays)
        """
    )
    after = before.replace("    nxt = day + 1", "    if not n:\n        return day\n    nxt = day + 1", 1)
    assert "return day" in after
    assert kinds(before, after) == []


HASHED = """
class Headers(dict):
    def __hash__(self):
        return hash(tuple(self.items()))
"""


def test_a_call_left_with_no_arguments_is_found() -> None:
    """h11's history: `hash(tuple(self.items()))` -> `hash(tuple())` passed every test of
    the commit and its suite; the hash no longer reads the object."""
    (finding,) = suspect_edits(HASHED, HASHED.replace("tuple(self.items())", "tuple()"))
    assert finding.kind == "call_arguments_dropped"
    assert finding.function == "Headers.__hash__"
    assert "tuple()" in finding.detail


def test_a_call_whose_argument_changes_is_not_a_dropped_call() -> None:
    assert kinds(HASHED, HASHED.replace("self.items()", "self.keys()")) == []
    assert kinds(HASHED, HASHED.replace("tuple(self.items())", "tuple(sorted(self.items()))")) == []


RECEIVED = """\
class Parser:
    def received(self, data, index):
        if index >= 0:
            self.header_bytes_received += index
        else:
            self.header_bytes_received += len(data)
        return self.header_bytes_received >= self.limit
"""


def test_a_counter_made_to_count_down_in_one_branch_is_found() -> None:
    """waitress's history: `self.header_bytes_received += datalen` -> `-= datalen` passed the
    commit's tests of the parser; the header size limit could no longer be reached."""
    after = RECEIVED.replace("+= len(data)", "-= len(data)")
    (finding,) = suspect_edits(RECEIVED, after)
    assert finding.kind == "accumulator_reversed"
    assert finding.function == "Parser.received"
    assert "self.header_bytes_received" in finding.detail


def test_a_counter_made_to_count_one_way_again_is_a_right_fix_shape() -> None:
    """The same edit undone (the shape of a wrong augmented assignment fixed) is no finding,
    nor is a change of what the counter adds."""
    buggy = RECEIVED.replace("+= len(data)", "-= len(data)")
    assert kinds(buggy, RECEIVED) == []
    assert kinds(RECEIVED, RECEIVED.replace("+= index", "+= index + 4")) == []


def test_an_update_flipped_where_it_was_the_only_one_is_not_a_reversed_counter() -> None:
    """`balance -= amount` -> `balance += amount` with no other update of `balance`: the
    tests decide which direction the one update goes."""
    before = "def deposit(acct, amount):\n    acct.balance -= amount\n    return acct.balance\n"
    assert kinds(before, before.replace("-=", "+=")) == []


def test_branches_that_agreed_made_to_differ_is_a_right_fix_shape() -> None:
    """The development task account_ledger: `if deposit: b += amount / else: b += amount`;
    its right fix turns the second into `-=`. Branches that do the same are the bug's mark."""
    before = (
        "def final_balance(opening, entries):\n"
        "    balance = opening\n"
        "    for kind, amount in entries:\n"
        "        if kind == 'deposit':\n"
        "            balance += amount\n"
        "        else:\n"
        "            balance += amount\n"
        "    return balance\n"
    )
    after = before[: before.rindex("+=")] + "-=" + before[before.rindex("+=") + 2 :]
    assert kinds(before, after) == []


def test_a_decorator_that_can_replace_the_function_is_found() -> None:
    """The def and its recursion stay in sight while the name runs what the decorator
    returns: the body the rules compare is no longer what a call runs."""
    replaced = DFS.replace("def reachable", "@lambda f: (lambda node, goal: True)\ndef reachable")
    assert kinds(DFS, replaced) == ["decorator_added"]
    by_name = DFS.replace("def reachable", "@shortcut\ndef reachable")
    assert kinds(DFS, by_name) == ["decorator_added"]


def test_a_decorator_that_keeps_the_body_in_charge_is_not_a_finding() -> None:
    method = "class Graph:\n    def size(nodes):\n        return len(nodes)\n"
    assert kinds(method, method.replace("    def size", "    @staticmethod\n    def size")) == []
    cached = DFS.replace("def reachable", "@functools.lru_cache(maxsize=None)\ndef reachable")
    assert kinds(DFS, cached) == []


SOIL = """\
ALKALINE_ABOVE = 7.0


def classify(ph):
    if ph > ALKALINE_ABOVE:
        return "alkaline"
    return "neutral"
"""


def test_a_float_bound_moved_by_one_is_found() -> None:
    """blind9's b_soil_ph: the threshold constant was wrong (7.0 for 7.5); a whole unit
    taken off the reading passes the tests and puts the bound at 8.0."""
    assert kinds(SOIL, SOIL.replace("if ph > ALKALINE_ABOVE", "if ph - 1 > ALKALINE_ABOVE")) == [
        "float_bound_shifted"
    ]
    literal = SOIL.replace("if ph > ALKALINE_ABOVE", "if ph > 7.0 + 1")
    assert kinds(SOIL, literal) == ["float_bound_shifted"]


def test_an_integer_bound_moved_by_one_is_an_off_by_one_fix() -> None:
    counts = SOIL.replace("ALKALINE_ABOVE = 7.0", "LIMIT = 7").replace("ALKALINE_ABOVE", "LIMIT")
    assert kinds(counts, counts.replace("if ph > LIMIT", "if ph + 1 > LIMIT")) == []
    window = "def last(xs, i):\n    if i > len(xs):\n        return None\n    return xs[i]\n"
    assert kinds(window, window.replace("i > len(xs)", "i > len(xs) - 1")) == []
    halves = SOIL.replace("if ph > ALKALINE_ABOVE", "if ph > ALKALINE_ABOVE + 0.5")
    assert kinds(SOIL, halves) == []  # not a whole unit: an edit no off-by-one rule made


LOWEST = """\
def average_dropping_lowest(scores):
    total = 0
    lowest = 0
    for score in scores:
        total += score
        if score < lowest:
            lowest = score
    return (total - lowest) / (len(scores) - 1)
"""


def test_zero_taken_for_unset_in_a_running_minimum_is_found() -> None:
    """blind9's f_quiz_average: the minimum started at 0 (for infinity); `not lowest or`
    passes the tests and treats a real score of 0 as no minimum yet."""
    assert kinds(LOWEST, LOWEST.replace("if score < lowest", "if not lowest or score < lowest")) == [
        "zero_taken_as_unset"
    ]
    assert kinds(LOWEST, LOWEST.replace("if score < lowest", "if lowest and score > lowest")) == [
        "zero_taken_as_unset"
    ]


def test_a_none_sentinel_or_a_guard_on_another_name_is_not_zero_taken_as_unset() -> None:
    sentinel = LOWEST.replace("lowest = 0\n", "lowest = None\n")
    assert kinds(sentinel, sentinel.replace("if score < lowest", "if lowest is None or score < lowest")) == []
    guard = LOWEST.replace("if score < lowest", "if not scores or score < lowest")
    assert kinds(LOWEST, guard) == []


def test_a_condition_made_never_or_always_true_is_found_and_a_satisfiable_one_is_not() -> None:
    # The independent check's boltons fix: `if rel_idx < 0:` -> `if len_list < 0:` made
    # the guard dead (len_list is a length); the tests passed because none reached it.
    before = """\
    def translate(lists, rel_idx):
        for list_idx in range(len(lists)):
            len_list = len(lists[list_idx])
            if rel_idx < len_list:
                break
            rel_idx -= len_list
        if rel_idx < 0:
            return None, None
        return list_idx, rel_idx
    """
    assert kinds(before, before.replace("if rel_idx < 0:", "if len_list < 0:")) == ["condition_decided"]
    (finding,) = suspect_edits(
        textwrap.dedent(before), textwrap.dedent(before).replace("if rel_idx < 0:", "if len_list < 0:")
    )
    assert "`len_list < 0` is never true" in finding.detail
    assert kinds(before, before.replace("if rel_idx < 0:", "if len(lists) > -1:")) == ["condition_decided"]
    assert kinds(before, before.replace("if rel_idx < 0:", "if -1 == len(lists):")) == ["condition_decided"]
    # not found: a length below 1, a length against a variable, a loop variable (not bound
    # by a length), a name bound to something else as well
    assert kinds(before, before.replace("if rel_idx < 0:", "if len_list < 1:")) == []
    assert kinds(before, before.replace("if rel_idx < 0:", "if len_list < rel_idx:")) == []
    assert kinds(before, before.replace("if rel_idx < 0:", "if list_idx < 0:")) == []
    mixed = before.replace(
        "            rel_idx -= len_list\n", "            rel_idx -= len_list\n            len_list = -1\n"
    )
    assert kinds(mixed, mixed.replace("if rel_idx < 0:", "if len_list < 0:")) == []


GAINS = """\
def biggest_gain(history):
    best = 0
    for before, after in zip(history, history[1:]):
        best = max(best, after - before)
    return best
"""


def test_a_running_value_set_afresh_on_every_pass_is_found() -> None:
    """blind11's e_rating_history: a running maximum started at 0 (for minus infinity);
    dropping `max(best, ...)` passes the tests and keeps only the last pair's gain."""
    (finding,) = suspect_edits(GAINS, GAINS.replace("max(best, after - before)", "(after - before)"))
    assert finding.kind == "running_value_overwritten"
    assert "`best`" in finding.detail
    total = "def total(xs):\n    t = 0\n    for x in xs:\n        t += x\n    return t\n"
    assert kinds(total, total.replace("t += x", "t = x")) == ["running_value_overwritten"]


def test_a_running_value_still_built_on_itself_is_not_overwritten() -> None:
    assert kinds(GAINS, GAINS.replace("max(best, after - before)", "max(best, after)")) == []
    # One branch resetting a streak while the other still builds on it: a right fix shape.
    streak = """\
    def longest(days):
        run = top = 0
        for day in days:
            if day:
                run += 1
            else:
                run += 0
            top = max(top, run)
        return top
    """
    assert kinds(streak, streak.replace("run += 0", "run = 0")) == []
    # A pair of running values advanced together (`a, b = b, a + b`) still reads itself.
    fib = "def fib(n):\n    a, b = 0, 1\n    for _ in range(n):\n        a, b = a + b, a\n    return a\n"
    assert kinds(fib, fib.replace("a, b = a + b, a", "a, b = b, a + b")) == []


def test_a_name_read_inside_a_subscript_target_is_not_a_running_value() -> None:
    """A development task's reference fix: `renamed[mapping.get(key, key)] = key` -> `= value`
    sets no running value (`key` is only read, in the target's subscript)."""
    before = """\
    def rename_fields(record, mapping):
        renamed = {}
        for key, value in record.items():
            renamed[mapping.get(key, key)] = key
        return renamed
    """
    assert kinds(before, before.replace("= key\n", "= value\n")) == []


def test_a_truth_test_of_a_name_no_loop_assigns_is_a_guard_not_zero_taken_as_unset() -> None:
    """blind11's e_tournament_stats: `played` comes from the comprehension's target, not a
    running value; `played and points / played > threshold` guards a division."""
    before = """\
    def strong_players(records, threshold):
        return [
            name for name, (points, played) in records.items()
            if points / played > threshold and played > 0
        ]
    """
    after = before.replace("if points / played", "if played and points / played")
    assert kinds(before, after) == []


DAYS_LATE = """\
import math


def days_late(seconds):
    return int(seconds / 86400)
"""


def test_a_whole_number_conversion_swapped_for_another_is_found_with_a_value_they_differ_on() -> None:
    """blind12's overdue fines: `int` for `math.ceil`, and Repair pushed `round`, which
    the tests (13 hours late: 0.54 of a day) cannot tell from ceil. Whichever two of int,
    round, ceil and floor, some fraction tells them apart; the finding shows one."""
    (finding,) = suspect_edits(DAYS_LATE, DAYS_LATE.replace("int(", "round("))
    assert finding.kind == "rounding_changed" and finding.function == "days_late"
    assert "`int(seconds / 86400)` became `round(seconds / 86400)`" in finding.detail
    assert "0.7" in finding.detail  # int(0.7) is 0, round(0.7) is 1
    (finding,) = suspect_edits(DAYS_LATE, DAYS_LATE.replace("int(", "math.ceil("))
    assert "math.ceil(seconds / 86400)" in finding.detail and "0.3" in finding.detail
    # rounding added where there was none, or a round to 2 places: another rule's business
    assert kinds(DAYS_LATE, DAYS_LATE.replace("int(seconds / 86400)", "seconds // 86400")) == []
    money = "def cents(x):\n    return round(x, 2)\n"
    assert kinds(money, money.replace("round(x, 2)", "round(x, 3)")) == []
