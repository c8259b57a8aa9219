"""The literature's operator families (devagent/repair/rules/): for each, small code
where it must propose the expected edit, and code where it must not propose anything."""

from __future__ import annotations

import textwrap

from devagent.repair.rules import candidates
from devagent.repair.rules.edit import Edit, apply, combine


def edits_of(source: str, fragment: str, template: str | None = None) -> list[Edit]:
    source = textwrap.dedent(source)
    (line,) = [i for i, text in enumerate(source.splitlines(), 1) if fragment in text]
    found = candidates(source, line, limit=1000)
    return [e for e in found if template is None or e.template == template]


def new_lines(source: str, fragment: str, template: str | None = None) -> list[str]:
    return [e.new_text.strip() for e in edits_of(source, fragment, template)]


SEARCH = """\
def search(xs, x, lo, hi):
    if lo >= hi:
        return -1
    mid = (lo + hi) // 2
    if xs[mid] < x:
        return search(xs, x, mid, hi)
    return mid
"""


# --------------------------------------------------------------------------- +-1 anywhere


def test_off_by_one_reaches_each_call_argument() -> None:
    found = new_lines(SEARCH, "return search(xs", "off_by_one")
    assert "return search(xs, x, mid + 1, hi)" in found
    assert "return search(xs, x, mid, hi - 1)" in found


def test_off_by_one_in_a_recursive_call_ranks_before_one_in_another_call() -> None:
    recursive = [e for e in edits_of(SEARCH, "return search(xs", "off_by_one") if "mid + 1" in e.new_text]
    source = SEARCH.replace("return search(xs, x, mid, hi)", "return other(xs, x, mid, hi)")
    plain = [e for e in edits_of(source, "return other(xs", "off_by_one") if "mid + 1" in e.new_text]
    assert recursive[0].size < plain[0].size


def test_off_by_one_reaches_comparison_operands_and_assigned_values() -> None:
    assert "if lo >= hi - 1:" in new_lines(SEARCH, "if lo >= hi", "off_by_one")
    assert "mid = (lo + hi) // 2 + 1" in new_lines(SEARCH, "mid = ", "off_by_one")


def test_off_by_one_leaves_strings_lists_and_booleans_alone() -> None:
    source = """\
    def f(name, items):
        print("x", [1], name == "a")
    """
    found = new_lines(source, "print(", "off_by_one")
    assert not any('"x" + 1' in t or "[1] + 1" in t or '== "a" + 1' in t for t in found)


# --------------------------------------------------------------------------- operators


def test_augmented_assignment_operator_is_mutated() -> None:
    source = """\
    def f(a, b):
        a |= b
        return a
    """
    found = new_lines(source, "a |= b", "binop")
    assert "a &= b" in found and "a ^= b" in found and "a = b" in found


# --------------------------------------------------------------------------- conditions

WALK = """\
def last(node):
    while node.next is not None:
        node = node.next
    return node
"""


def test_condition_is_widened_with_a_none_check_on_the_base_name() -> None:
    found = new_lines(WALK, "while node.next", "widen_narrow")
    assert "while node is None or node.next is not None:" in found
    assert "while node is not None and node.next is not None:" in found


def test_condition_is_narrowed_with_a_bounds_check_on_its_subscript() -> None:
    source = """\
    def first_zero(xs, i):
        while xs[i] != 0:
            i += 1
        return i
    """
    found = new_lines(source, "while xs[i]", "widen_narrow")
    assert "while i < len(xs) and xs[i] != 0:" in found
    # Python reads a negative index from the end: the two-sided check is tried first
    assert found.index("while 0 <= i < len(xs) and xs[i] != 0:") < found.index(
        "while i < len(xs) and xs[i] != 0:"
    )


def test_a_disjunct_too_many_is_dropped() -> None:
    source = """\
    def f(a, b):
        return a or b
    """
    found = new_lines(source, "return a or b")  # one template proposes it first
    assert "return a" in found and "return b" in found


def test_plain_statements_are_not_widened() -> None:
    source = """\
    def f(node):
        value = node.next
        return value
    """
    assert new_lines(source, "value = node.next", "widen_narrow") == []


def test_or_condition_is_parenthesised_when_narrowed() -> None:
    source = """\
    def f(a, b):
        if a or b:
            return 1
    """
    assert "if a is not None and (a or b):" in new_lines(source, "if a or b", "widen_narrow")


def test_constant_condition_becomes_a_variable_in_scope() -> None:
    source = """\
    def drain(queue):
        out = []
        while True:
            out.append(queue.pop())
        return out
    """
    found = new_lines(source, "while True", "constant_to_variable")
    assert "while queue:" in found and "while not queue:" in found


def test_a_constant_that_is_no_condition_stays() -> None:
    source = """\
    def f(xs):
        flag = True
        return flag
    """
    assert new_lines(source, "flag = True", "constant_to_variable") == []


# --------------------------------------------------------------------------- calls


def test_call_is_unwrapped_to_its_argument_and_receiver() -> None:
    source = """\
    def f(items, word):
        total = sum(abs(item) for item in items)
        return total, word.strip()
    """
    assert "total = sum(item for item in items)" in new_lines(source, "total = sum", "unwrap_call")
    assert "return total, word" in new_lines(source, "return total", "unwrap_call")


def test_name_is_wrapped_in_a_module_function_or_builtin() -> None:
    source = """\
    def normalise(x):
        return x.lower()


    def same(a, b):
        return a == b
    """
    found = new_lines(source, "return a == b", "wrap_call")
    assert "return normalise(a) == b" in found and "return len(a) == b" in found


def test_called_names_and_attributes_are_not_wrapped() -> None:
    source = """\
    def f(obj):
        return obj.size()
    """
    found = new_lines(source, "return obj.size()", "wrap_call")
    assert not any("(obj)" in t for t in found)  # `obj` of `obj.size` is not wrapped
    assert "return len(obj.size())" in found  # the returned value as a whole is


def test_arguments_are_removed_reordered_and_added() -> None:
    source = """\
    def area(width, height, depth):
        return width * height * depth


    def volume(width, height, depth):
        return area(width, height)
    """
    found = new_lines(source, "return area(", "argument")
    assert "return area(width, height, depth)" in found  # the parameter's namesake first
    assert "return area(height)" in found
    source = """\
    def g(a, b, c):
        return f(a, b, c)
    """
    assert "return f(c, b, a)" in new_lines(source, "return f(", "argument")


def test_an_unknown_function_gets_no_argument_added() -> None:
    source = """\
    def g(a, b):
        return f(a)
    """
    assert new_lines(source, "return f(", "argument") == ["return f()"]


# --------------------------------------------------------------------------- returns


def test_return_value_becomes_a_likely_result() -> None:
    source = """\
    def f(xs):
        best = 0
        for x in xs:
            best = max(best, x)
        return x
    """
    assert "return best" in new_lines(source, "return x")  # a rename proposes it first
    source = source.replace("return x", "return best + x")
    assert "return best" in new_lines(source, "return best + x", "return_value")


def test_a_bare_return_gets_no_return_value_change() -> None:
    source = """\
    def f(xs):
        best = 0
        return
    """
    assert new_lines(source, "return", "return_value") == []


# --------------------------------------------------------------------------- statements

BFS = """\
def reachable(graph, start):
    seen = set()
    queue = [start]
    while queue:
        item = queue.pop(0)
        for n in graph[item]:
            if n not in seen:
                queue.append(n)
    return seen
"""


def test_statement_inserted_by_analogy_on_a_set_read_but_never_written() -> None:
    edits = edits_of(BFS, "if n not in seen", "insert_analogy")
    assert any(e.new_text.endswith("\n                seen.add(n)") for e in edits)
    edit = edits[0]
    fixed = apply(textwrap.dedent(BFS), edit)
    compile(fixed, "<fixed>", "exec")


def test_no_insertion_when_the_container_is_written() -> None:
    append = "                queue.append(n)\n"
    written = BFS.replace(append, append + "                seen.add(n)\n")
    assert edits_of(written, "if n not in seen", "insert_analogy") == []


def test_adjacent_statements_are_swapped_as_one_two_line_edit() -> None:
    source = """\
    def f(xs):
        total = 0
        xs.append(1)
        total = sum(xs)
        return total
    """
    (edit,) = edits_of(source, "xs.append(1)", "swap_statements")
    assert edit.span == 2
    swapped = apply(textwrap.dedent(source), edit).splitlines()[2:4]
    assert swapped == ["    total = sum(xs)", "    xs.append(1)"]


def test_a_return_swaps_with_a_dead_update_of_what_it_returns_and_not_with_other_lines() -> None:
    source = """\
    def f(x):
        return x
        x += 1
    """
    (edit,) = edits_of(source, "return x", "swap_statements")
    assert edit.new_text == "    x += 1\n    return x"
    unrelated = source.replace("x += 1", "y = 1")
    assert edits_of(unrelated, "return x", "swap_statements") == []


def test_two_edits_on_different_lines_combine_and_overlapping_ones_do_not() -> None:
    source = textwrap.dedent(SEARCH)
    first = next(e for e in edits_of(SEARCH, "return search(xs", "off_by_one") if "mid + 1" in e.new_text)
    second = next(e for e in edits_of(SEARCH, "if lo >= hi", "compare") if "lo > hi" in e.new_text)
    both = combine(source, first, second)
    assert both is not None and both.template == "compare+off_by_one" and both.span == 5
    fixed = apply(source, both)
    assert "if lo > hi:" in fixed and "search(xs, x, mid + 1, hi)" in fixed
    assert fixed == apply(apply(source, first), second)
    assert combine(source, first, first) is None


def test_a_comprehension_variable_is_wrapped() -> None:
    source = """\
    def parse(text):
        return [part for part in text.split(",")]
    """
    assert "return [int(part) for part in text.split(',')]".replace("'", '"') in new_lines(
        source, "return [part", "wrap_call"
    )


def test_a_string_method_chain_gets_a_missing_method_and_other_calls_do_not() -> None:
    source = """\
    def normalize(address, xs):
        return address.strip(), xs.pop()
    """
    found = new_lines(source, "return address", "wrap_call")
    assert "return address.strip().lower(), xs.pop()" in found
    assert not any("pop().lower()" in t for t in found)


def test_a_returned_expression_is_wrapped_and_a_constant_is_not() -> None:
    source = """\
    def gap(a, b):
        return a - b


    def zero():
        return 0
    """
    assert "return abs(a - b)" in new_lines(source, "return a - b", "wrap_call")
    assert new_lines(source, "return 0", "wrap_call") == []


def test_a_lagging_loop_variable_is_updated_at_the_end_of_the_loop() -> None:
    source = """\
    def increases(prices):
        previous = None
        count = 0
        for price in prices:
            if previous is not None and price > previous:
                count += 1
        return count
    """
    edits = edits_of(source, "if previous is not None", "insert_analogy")
    assert [e.new_text for e in edits] == ["            count += 1\n        previous = price"]
    updated = source.replace("count += 1\n", "count += 1\n            previous = price\n")
    assert edits_of(updated, "if previous is not None", "insert_analogy") == []


def test_a_total_of_shortfalls_adds_the_gap_its_branch_compares() -> None:
    source = """\
    def reorder(stock, minimum):
        short = []
        needed = 0
        for sku, on_hand in stock:
            if on_hand < minimum:
                short.append(sku)
            if on_hand == minimum:
                short.append(on_hand)
        return short, needed
    """
    found = new_lines(source, "short.append(sku)", "insert_analogy")
    assert "short.append(sku)\n            needed += minimum - on_hand" in found
    assert "short.append(sku)\n            needed += 1" in found
    # an equality has no gap
    equal = new_lines(source, "short.append(on_hand)", "insert_analogy")
    assert not any(" - " in t for t in equal)


def test_a_second_base_case_goes_before_the_recursive_line() -> None:
    source = """\
    def join(parts):
        if not parts:
            return ""
        return parts[0] + "/" + join(parts[1:])
    """
    edits = edits_of(source, 'return parts[0] + "/"', "guard")
    assert any(
        e.new_text.startswith("    if len(parts) <= 1: return parts[0]\n    return parts[0]") for e in edits
    )


def test_a_base_case_returns_the_empty_kind_the_function_builds_by_use() -> None:
    source = """\
    def resolve(name, profiles):
        profile = profiles[name]
        merged = resolve(profile.get("extends"), profiles)
        for key, value in profile.items():
            merged[key] = value
        return merged
    """
    found = [t.split("\n")[0] for t in new_lines(source, "profile = profiles[name]", "guard")]
    assert "if not name: return {}" in found
    listed = source.replace("merged[key] = value", "merged.append(value)")
    found = [t.split("\n")[0] for t in new_lines(listed, "profile = profiles[name]", "guard")]
    assert "if not name: return []" in found and "if not name: return {}" not in found


def test_a_recursion_that_moves_one_parameter_towards_another_stops_where_they_meet() -> None:
    source = """\
    def count_routes(graph, start, goal, memo=None):
        if memo is None:
            memo = {}
        total = 0
        for nxt in graph.get(start, []):
            total += count_routes(graph, nxt, goal, memo)
        return total


    def first_at(xs, target, lo=0, hi=None):
        if hi is None:
            hi = len(xs)
        mid = (lo + hi) // 2
        if xs[mid] < target:
            return first_at(xs, target, mid + 1, hi)
        return first_at(xs, target, lo, mid)
    """
    routes = [t.split("\n")[0] for t in new_lines(source, "total = 0", "guard")]
    assert "if start == goal: return 1" in routes
    # `graph` and `goal` are passed on unchanged: never compared with each other
    assert not any("graph == goal" in t or "goal == graph" in t for t in routes)
    edits = edits_of(source, "mid = (lo + hi) // 2", "guard")
    # after `hi` gets its default (before it, `lo >= hi` would compare with None)
    assert any(e.new_text.startswith("    if lo >= hi: return lo\n    mid =") for e in edits)
    assert not any(e.new_text.startswith("    if lo >= hi: return lo\n    if hi is None") for e in edits)
    assert any(e.new_text.startswith("    if lo > hi: return -1\n    mid =") for e in edits)  # not found
    assert not any("lo == xs" in e.new_text for e in edits)  # a container is no end to meet
    assert not any("hi == target" in e.new_text for e in edits)  # a range closes on itself


def test_a_recursion_into_two_attributes_stops_at_a_leaf() -> None:
    source = """\
    def count_leaves(node):
        if node is None:
            return 0
        return count_leaves(node.left) + count_leaves(node.right)
    """
    edits = edits_of(source, "return count_leaves(node.left)", "guard")
    assert any(
        e.new_text.startswith("    if node.left is None and node.right is None: return 1\n    return count")
        for e in edits
    )
    one = "def walk(node):\n    return walk(node.left)\n"
    assert not any(" and " in t for t in new_lines(one, "return walk", "guard"))


def test_a_value_left_standing_at_a_function_end_is_returned_and_a_docstring_is_not() -> None:
    source = """\
    def sign(number):
        \"\"\"Docstring.\"\"\"
        if number < 0:
            return "negative"
        "positive"
    """
    found = new_lines(source, "if number < 0", "missing_return")
    assert 'return "positive"' in found
    assert not any(t.startswith('return """') for t in found)


def test_an_integer_constant_is_scaled_by_ten() -> None:
    source = """\
    def status_class(code):
        return code // 10
    """
    found = new_lines(source, "return code // 10", "constant")
    assert "return code // 100" in found and "return code // 1" in found
    assert new_lines(source.replace("// 10", "// 1"), "return code // 1", "constant") == []


# --------------------------------------------------------------------------- stop-21 families


def test_a_stray_break_or_continue_is_deleted_and_a_return_is_not() -> None:
    source = """\
    def evens(xs):
        found = []
        for x in xs:
            if x % 2 == 0:
                found.append(x)
                break
        return found
    """
    assert "pass" in new_lines(source, "break", "delete")
    assert "pass" in new_lines(source.replace("break", "continue"), "continue", "delete")
    assert new_lines(source, "return found", "delete") == []


def test_a_product_becomes_a_power() -> None:
    source = """\
    def area(r):
        return 3.14 * r * 2
    """
    assert "return 3.14 * r ** 2" in new_lines(source, "return 3.14", "binop")


def test_a_condition_computed_into_a_name_is_widened_and_narrowed() -> None:
    source = """\
    def rises(xs, i):
        up = xs[i - 1] < xs[i]
        return up
    """
    found = new_lines(source, "up = xs[i - 1]", "widen_narrow")
    # the edge counts as passing, or the index is checked first
    assert "up = not 0 <= i - 1 < len(xs) or xs[i - 1] < xs[i]" in found
    assert "up = 0 <= i - 1 < len(xs) and xs[i - 1] < xs[i]" in found
    assert new_lines(source, "return up", "widen_narrow") == []


def test_a_lookup_by_key_is_narrowed_with_a_membership_check() -> None:
    source = """\
    def enough(stock, sku, wanted):
        if stock[sku] >= wanted:
            return True
        return stock["spare"] > 0
    """
    assert "if sku in stock and stock[sku] >= wanted:" in new_lines(source, "if stock[sku]", "widen_narrow")
    assert "return 'spare' in stock and stock['spare'] > 0".replace("'", '"') in new_lines(
        source, 'return stock["spare"]', "widen_narrow"
    )
    numbered = source.replace("stock[sku]", "stock[0]")
    assert not any(" in stock" in t for t in new_lines(numbered, "if stock[0]", "widen_narrow"))


def test_a_bare_name_gets_the_call_the_function_makes_on_it_elsewhere() -> None:
    source = """\
    def tags(text):
        return [t for t in text.split(";") if t.strip()]


    def words(text):
        return [w for w in text.split()]
    """
    found = [e for e in edits_of(source, "return [t ", "wrap_call")]
    strip = next(
        e for e in found if e.new_text.strip() == 'return [t.strip() for t in text.split(";") if t.strip()]'
    )
    assert strip.size < min(e.size for e in found if "(t)" in e.new_text)  # before generic wrappers
    # only the same function's calls are ingredients: `words` has none on `w`
    assert not any(".strip()" in t for t in new_lines(source, "return [w ", "wrap_call"))


def test_a_running_total_read_but_never_updated_in_its_loop_is_updated_after_the_line() -> None:
    source = """\
    def within(costs, limit):
        total = 0
        taken = []
        for label, cost in costs:
            if total + cost > limit:
                continue
            taken.append(label)
        return taken
    """
    found = new_lines(source, "taken.append(label)", "insert_analogy")
    assert "taken.append(label)\n        total += cost" in found
    assert "taken.append(label)\n        total += 1" in found
    # at a jump, the update goes before it (nothing after it runs)
    assert "total += cost\n            continue" in new_lines(source, "continue", "insert_analogy")
    assert not any(t.startswith("continue\n") for t in new_lines(source, "continue", "insert_analogy"))
    # a total the loop already updates is left alone
    updated = source.replace("taken.append(label)\n", "taken.append(label)\n            total += cost\n")
    assert not any("total +=" in t for t in new_lines(updated, "taken.append(label)", "insert_analogy"))


def test_a_cursor_used_on_the_line_is_advanced_first() -> None:
    source = """\
    def deal(players, cards):
        given = {}
        top = 0
        for player in players:
            given[player] = cards[top]
        return given
    """
    edits = edits_of(source, "given[player] = cards[top]", "insert_analogy")
    advance = next(e for e in edits if e.new_text.endswith("top += 1"))
    assert advance.size == 2  # the line reads the cursor: likelier than at a block's end


def test_a_dict_that_indexes_a_list_maps_a_key_to_the_position_it_will_take() -> None:
    source = """\
    def last_per_name(rows):
        where = {}
        out = []
        for row in rows:
            if row["name"] in where:
                out[where[row["name"]]] = row
            else:
                out.append(row)
        return out
    """
    found = new_lines(source, "out.append(row)", "insert_analogy")
    assert "where[row['name']] = len(out)\n            out.append(row)" in found
    assert "where[row['name']] = True\n            out.append(row)" in found


def test_a_boolean_default_the_line_reads_is_flipped_on_the_def_line() -> None:
    source = """\
    def tally(words, strict=True, sep=","):
        if not strict:
            words = [w.lower() for w in words]
        return sep.join(words)
    """
    edits = edits_of(source, "if not strict", "constant")
    flipped = [e for e in edits if e.line == 1]
    assert [e.new_text for e in flipped] == ['def tally(words, strict=False, sep=","):']
    # the line does not read `strict`; `sep` is no boolean
    assert not any(e.line == 1 for e in edits_of(source, "return sep.join", "constant"))


def test_a_number_base_of_int_becomes_another_base_and_other_tens_do_not() -> None:
    source = """\
    def parse(text):
        return int(text, 10) + 10
    """
    found = new_lines(source, "return int", "constant")
    assert "return int(text, 16) + 10" in found and "return int(text, 2) + 10" in found
    assert "return int(text, 10) + 16" not in found


def test_a_product_starts_at_one_and_a_sum_at_zero() -> None:
    source = """\
    def growth(rates):
        total = 0.0
        for rate in rates:
            total *= 1 + rate
        return total


    def count(xs):
        n = 0
        for _ in xs:
            n += 1
        return n
    """
    assert "total = 1.0" in new_lines(source, "total = 0.0", "constant")
    assert "n = 1" not in new_lines(source, "n = 0", "constant")  # a sum starts at 0


def test_a_short_string_becomes_one_the_module_uses_elsewhere_but_a_docstring_does_not() -> None:
    source = """\
    def parse(query):
        return dict(part.split("=") for part in query.split("&"))


    def build(params):
        "&"
        return ";".join(k + "=" + v for k, v in params.items())
    """
    found = new_lines(source, 'return ";"', "constant")
    assert "return '&'.join(k + '=' + v for k, v in params.items())".replace("'", '"') in found
    assert new_lines(source, '    "&"', "constant") == []


def test_a_reset_inside_a_loop_is_deleted_before_other_deletions() -> None:
    source = """\
    def totals(events):
        sums = {}
        for user, minutes in events:
            sums[user] = 0
            sums[user] = sums.get(user, 0) + minutes
        return sums
    """
    (reset,) = edits_of(source, "sums[user] = 0", "delete")
    (other,) = edits_of(source, "sums[user] = sums.get", "delete")
    assert reset.size < other.size


def test_a_flag_the_loop_reads_but_never_flips_is_flipped_before_the_jump() -> None:
    source = """\
    def split(line):
        out, quoted = [], False
        inside = False
        for ch in line:
            if ch == "'":
                continue
            if ch == "," and not inside:
                out.append(ch)
        return out
    """
    found = new_lines(source, "continue", "insert_analogy")
    assert "inside = not inside\n            continue" in found
    # `quoted` is made in a tuple assignment and never read: no flip for it
    assert not any("quoted" in t for t in found)


def test_a_list_handed_to_another_structure_in_a_loop_is_made_anew() -> None:
    source = """\
    def groups(lines):
        found = []
        items = []
        for line in lines:
            if line.startswith("#"):
                found.append((line, items))
            else:
                items.append(line)
        return found
    """
    assert "items = []\n            found.append((line, items))" in new_lines(
        source, "found.append((line, items))", "insert_analogy"
    )
    # appending to it is no hand-over
    assert not any("items = []" in t for t in new_lines(source, "items.append(line)", "insert_analogy"))


# --------------------------------------------------------------------------- ingredients.py


def test_a_name_bound_and_never_read_completes_a_condition_as_its_last_clause() -> None:
    source = """\
    def section(rating, sections):
        for name, low, high in sections:
            if low <= rating:
                return name
        return None
    """
    widened = edits_of(source, "if low <= rating", "widen_narrow")
    texts = [e.new_text.strip() for e in widened]
    assert "if low <= rating and rating < high:" in texts
    # the clause a name that is never read offers comes before the generic guards
    assert widened[0].size < min(e.size for e in widened if "high" not in e.new_text)
    # once `high` is read, nothing is unread and no such clause is offered
    read = source.replace("return name", "return name, high")
    assert not [t for t in new_lines(read, "if low <= rating", "widen_narrow") if "high" in t]


def test_an_unread_parameter_widens_a_guard_and_is_compared_with_what_the_block_updates() -> None:
    guard = """\
    def connection_ok(wait, min_change, max_wait):
        if wait > max_wait:
            return False
        return True
    """
    assert "if wait < min_change or wait > max_wait:" in new_lines(
        guard, "if wait > max_wait", "widen_narrow"
    )
    block = """\
    def place(arrivals, kennels, used):
        for name, species in arrivals:
            for kennel_id, kind, capacity in kennels:
                if kind == species:
                    used[kennel_id] += 1
    """
    found = new_lines(block, "if kind == species", "widen_narrow")
    assert "if kind == species and used[kennel_id] < capacity:" in found


def test_a_condition_gets_a_key_the_module_reads_on_the_same_object_elsewhere() -> None:
    source = """\
    def free(docks):
        return sum(dock["free_slots"] for dock in docks)


    def nearest(docks):
        for dock in docks:
            if dock["open"]:
                return dock
    """
    found = new_lines(source, 'if dock["open"]', "widen_narrow")
    assert "if dock['open'] and dock['free_slots']:" in [t.replace('"', "'") for t in found]
    # a key the condition already reads is not offered again, nor keys of other objects
    assert not [t for t in found if "dock['open'] and dock['open']" in t.replace('"', "'")]
    other = source.replace('dock["free_slots"] for dock', 'slot["free_slots"] for slot')
    assert not [t for t in new_lines(other, 'if dock["open"]', "widen_narrow") if "free_slots" in t]


def test_a_difference_becomes_a_distance_and_an_arithmetic_result_is_rounded() -> None:
    source = """\
    def zones(a, b):
        return b - a + 1


    def change(xs):
        return xs[-1] - xs[0]


    def share(x):
        return round(x, 3)
    """
    assert "return abs(b - a) + 1" in new_lines(source, "return b - a + 1", "wrap_call")
    rounded = new_lines(source, "return xs[-1] - xs[0]", "wrap_call")
    assert "return round(xs[-1] - xs[0], 3)" in rounded and "return round(xs[-1] - xs[0], 2)" in rounded
    # a sum is no distance, and a difference inside a call argument is not rounded
    added = """\
    def total(a, b):
        return f(a + b, a - b)
    """
    found = new_lines(added, "return f(", "wrap_call")
    assert "return f(a + b, abs(a - b))" in found
    assert not [t for t in found if "abs(a + b)" in t or "round(" in t]
    means = '''\
    def means(sums, counts):
        """Mean per month, rounded to one decimal place."""
        return {m: sums[m] / counts[m] for m in sums}
    '''
    assert "return {m: round(sums[m] / counts[m], 1) for m in sums}" in new_lines(
        means, "return {m", "wrap_call"
    )


def test_a_parser_that_skips_blank_lines_of_text_also_skips_comments() -> None:
    source = """\
    def parse(text, rows):
        for raw in text.splitlines():
            line = raw.strip()
            if not line:
                continue
        for row in rows:
            if not row:
                continue
    """
    assert 'if not line or line.startswith("#"):' in new_lines(source, "if not line:", "widen_narrow")
    # `row` is not known to be text: no comment check on it
    assert not any("startswith" in t for t in new_lines(source, "if not row:", "widen_narrow"))


def test_a_bound_checked_on_one_axis_is_repeated_on_the_other() -> None:
    source = """\
    def neighbours(board, row, col):
        rows, cols = len(board), len(board[0])
        found = []
        for dr, dc in ((0, 1), (1, 0)):
            nr, nc = row + dr, col + dc
            if 0 <= nr < rows:
                found.append((nr, nc))
            if 0 <= nr < rows and 0 <= nc < cols:
                found.append((nr, nc))
        return found
    """
    assert "if 0 <= nr < rows and 0 <= nc < cols:" in new_lines(source, "if 0 <= nr < rows:", "widen_narrow")
    # both axes checked already: nothing to mirror
    both = new_lines(source, "if 0 <= nr < rows and", "widen_narrow")
    assert not any(t.count("0 <= nc < cols") > 1 for t in both)
    # one name of a pair alone is not a mirror (`x` of `x, y` against a constant)
    single = "def f(p):\n    x, y = p\n    if x > 0:\n        return x\n"
    assert not any("y > 0" in t for t in new_lines(single, "if x > 0", "widen_narrow"))


def test_a_statement_on_one_of_two_names_bound_together_gets_its_twin() -> None:
    source = """\
    def score(games):
        scores = {}
        for white, black, result in games:
            if result == "1-0":
                scores[white] += 1
            else:
                scores[white] += 0.5
        return scores
    """
    twins = new_lines(source, "scores[white] += 0.5", "twin_statement")
    assert "scores[white] += 0.5\n            scores[black] += 0.5" in twins
    # a twin that the block already has is not proposed again
    both = source.replace(
        "scores[white] += 0.5", "scores[white] += 0.5\n                scores[black] += 0.5"
    )
    assert not [t for t in new_lines(both, "scores[white] += 0.5", "twin_statement") if "black] += 0.5" in t]
    # names not bound together have no twin
    apart = """\
    def f(white, black):
        total = 0
        total += white
        return total
    """
    assert new_lines(apart, "total += white", "twin_statement") == []


def test_statements_swap_only_where_their_order_matters_and_across_a_block() -> None:
    source = """\
    def schedule(visits, now):
        slots = []
        for pet, length in visits:
            now += length
            slots.append((pet, now))
        return slots
    """
    swaps = edits_of(source, "now += length", "swap_statements")
    assert [e.new_text.split("\n") for e in swaps] == [
        ["        slots.append((pet, now))", "        now += length"]
    ]
    assert swaps[0].size == 3
    # the same swap is offered from the second line of the pair
    assert [e.new_text for e in edits_of(source, "slots.append", "swap_statements")] == [swaps[0].new_text]
    independent = """\
    def f(a, b):
        x = a + 1
        y = b + 1
        return x, y
    """
    assert edits_of(independent, "x = a + 1", "swap_statements") == []
    across = """\
    def count(items, limit):
        seen = 0
        for item in items:
            if seen >= limit:
                break
            seen += 1
        return seen
    """
    moved = edits_of(across, "seen += 1", "swap_statements")
    assert [e.new_text for e in moved] == ["        seen += 1\n        if seen >= limit:\n            break"]
    assert moved[0].line == 4 and moved[0].span == 3


def test_a_set_made_by_setdefault_and_read_but_never_written_gets_its_add() -> None:
    source = """\
    def allocate(lessons, rooms, taken):
        out = []
        for period, size in lessons:
            used = taken.setdefault(period, set())
            choice = None
            for room in rooms:
                if room not in used:
                    choice = room
                    break
            out.append(choice)
        return out
    """
    found = new_lines(source, "choice = room", "insert_analogy")
    assert "choice = room\n                used.add(room)" in found
    written = source.replace("choice = room\n", "choice = room\n                used.add(room)\n")
    assert not [t for t in new_lines(written, "choice = room", "insert_analogy") if "used.add" in t]


def test_a_string_the_loop_adds_to_is_reset_after_it_is_handed_on_and_a_constant_is_not() -> None:
    source = """\
    def tokens(text):
        out = []
        current = ""
        sep = ""
        for ch in text:
            if ch.isalpha():
                current += ch
                continue
            if current:
                out.append(current + sep)
        return out
    """
    found = new_lines(source, "out.append(current", "insert_analogy")
    assert "out.append(current + sep)\n            current = ''" in [t.replace('"', "'") for t in found]
    assert not [t for t in found if "sep =" in t]  # `sep` never grows: resetting it changes nothing


def test_a_branch_that_falls_through_in_a_loop_gets_a_continue_or_break() -> None:
    source = """\
    def parse(lines):
        days = {}
        day = None
        for line in lines:
            if line.endswith(":"):
                day = line[:-1]
                days[day] = []
            days[day].append(line)
        return days
    """
    found = new_lines(source, "days[day] = []", "insert_jump")
    assert found == ["days[day] = []\n            continue", "days[day] = []\n            break"]
    # a branch that already jumps, or one outside any loop, gets none
    jumping = source.replace("days[day] = []\n", "days[day] = []\n                continue\n")
    assert new_lines(jumping, "days[day] = []", "insert_jump") == []
    outside = """\
    def f(x):
        if x:
            x = 1
        return x
    """
    assert new_lines(outside, "x = 1", "insert_jump") == []


def test_a_constant_while_over_an_index_becomes_a_bounds_check() -> None:
    source = """\
    def load(parcels, limit):
        i = 0
        while True:
            kg = parcels[i]
            if kg > limit:
                break
            i += 1
        return i
    """
    found = edits_of(source, "while True", "constant_to_variable")
    assert found[0].new_text.strip() == "while i < len(parcels):"
    plain = source.replace("kg = parcels[i]", "kg = parcels.pop()")
    assert not [e for e in edits_of(plain, "while True", "constant_to_variable") if "len(" in e.new_text]


def test_a_return_that_ends_a_loop_body_is_deleted_and_a_guarded_one_is_not() -> None:
    source = textwrap.dedent(
        """\
        def short(stock, minimum):
            orders = []
            for sku, count in stock:
                if count >= minimum:
                    continue
                orders.append(sku)
                return orders
            return orders
        """
    )

    def deletions(code: str, line: int) -> list[str]:
        return [e.new_text.strip() for e in candidates(code, line, 1000) if e.template == "delete"]

    assert "pass" in deletions(source, 7)  # the loop's last statement, always run
    assert "pass" not in deletions(source, 8)  # the function's own return
    guarded = source.replace(
        "        return orders\n", "        if not orders:\n            return orders\n", 1
    )
    assert "pass" not in deletions(guarded, 8)  # a return under a branch of the loop


def test_a_recursion_over_a_mapping_stops_at_a_leaf_that_is_no_dict() -> None:
    source = """\
    def size(node):
        return sum(size(child) for child in node.values())
    """
    found = new_lines(source, "return sum(", "guard")
    assert found[0].splitlines()[0] == "if not isinstance(node, dict): return node"
    listing = """\
    def size(node):
        return sum(size(child) for child in node)
    """
    # a list's items: no dict check (their leaf is a plain value: see the nested-list test)
    assert not [t for t in new_lines(listing, "return sum(", "guard") if "isinstance(node, dict)" in t]


# --------------------------------------------------------------------------- unit constants


def test_a_time_unit_constant_is_swapped_for_its_neighbouring_units() -> None:
    source = """\
    def split(minutes):
        hours, minutes = divmod(minutes, 60)
        days, hours = divmod(hours, 60)
        return days, hours, minutes
    """
    found = new_lines(source, "days, hours = divmod(hours, 60)", "unit_constant")
    assert "days, hours = divmod(hours, 24)" in found
    assert len(found) <= 6
    kilo = new_lines("size = count * 1000\n", "size = count", "unit_constant")
    assert "size = count * 1024" in kilo


def test_a_number_that_is_no_unit_gets_no_unit_swap() -> None:
    source = """\
    def chunks(items):
        return [items[i : i + 50] for i in range(0, len(items), 50)]
    """
    assert new_lines(source, "return [items", "unit_constant") == []


# --------------------------------------------------------------------------- text cleaned before parsing


def test_a_parsed_receiver_gets_cleaned_first_and_a_computed_one_does_not() -> None:
    source = """\
    def split_email(email, rows):
        local, domain = email.split("@")
        first = rows.pop().split(",")
        return local, domain, first
    """
    found = new_lines(source, "email.split", "wrap_call")
    assert 'local, domain = email.strip().split("@")' in found
    assert 'local, domain = email.lower().split("@")' in found
    # only a plain name is cleaned: `rows.pop()` is a call's result, and pop no text method
    assert new_lines(source, "rows.pop()", "wrap_call") == [] or not any(
        ".strip().split" in t for t in new_lines(source, "rows.pop()", "wrap_call")
    )


# --------------------------------------------------------------------------- ceiling division


def test_a_floor_division_may_round_up_and_a_true_division_may_not() -> None:
    source = """\
    def pages(items, size):
        return len(items) // size
    """
    assert "return -(-len(items) // size)" in new_lines(source, "return len", "ceil_division")
    assert new_lines("def f(a, b):\n    return a / b\n", "return a", "ceil_division") == []
    shifted = new_lines("def f(a, b):\n    return (a + 1) // b\n", "return (a", "ceil_division")
    assert shifted == ["return -(-(a + 1) // b)"]


# --------------------------------------------------------------------------- a count never kept


COUNT_LONG = """\
def count_long(words, size):
    count = 0
    longest = ""
    for word in words:
        if len(word) >= size:
            longest = max(longest, word, key=len)
    return count, longest
"""


def test_a_number_set_once_and_only_read_after_the_loop_is_counted_inside_it() -> None:
    found = new_lines(COUNT_LONG, "longest = max", "insert_analogy")
    assert "longest = max(longest, word, key=len)\n            count += 1" in found


def test_a_number_the_loop_already_changes_or_that_is_assigned_twice_is_not_counted() -> None:
    kept = COUNT_LONG.replace(
        "longest = max(longest, word, key=len)", "longest = max(longest, word, key=len); count = count + 1"
    )
    assert not any("count += 1" in t for t in new_lines(kept, "longest = max", "insert_analogy"))
    twice = COUNT_LONG.replace(
        "    return count, longest", "    count = len(words)\n    return count, longest"
    )
    assert not any("count += 1" in t for t in new_lines(twice, "longest = max", "insert_analogy"))


# ----------------------------------------------------------------- floored differences, keys with a default


def test_a_returned_difference_may_be_floored_at_zero_and_a_compared_one_may_not() -> None:
    source = """\
    def after_fee(balance, fee):
        left = balance - fee
        return balance - fee
    """
    assert "return max(0, balance - fee)" in new_lines(source, "return balance", "wrap_call")
    assert "left = max(0, balance - fee)" in new_lines(source, "left =", "wrap_call")
    compared = new_lines("def f(a, b):\n    return a - b > 3\n", "return a", "wrap_call")
    assert not any("max(0," in t for t in compared)


def test_a_key_lookup_gets_a_default_and_a_positional_index_does_not() -> None:
    source = """\
    def price(prices, item, rows):
        return prices[item] + prices["tax"] + rows[0] + rows[1:2][0]
    """
    found = new_lines(source, "return prices", "lookup_default")
    assert 'return prices.get(item, 0) + prices["tax"] + rows[0] + rows[1:2][0]' in found
    assert 'return prices[item] + prices.get("tax") + rows[0] + rows[1:2][0]' in found
    assert not any("rows.get" in t for t in found)
    stored = new_lines("def f(d, k):\n    d[k] = 1\n", "d[k] = 1", "lookup_default")
    assert stored == []


# --------------------------------------------------------------------------- case folded


def test_text_compared_for_equality_is_case_folded_and_an_order_or_number_is_not() -> None:
    source = """\
    def same(word, target, n):
        return word == target, word == "yes", n == 3, word < target, word == "Yes"
    """
    found = new_lines(source, "return word", "wrap_call")
    assert any(t.startswith("return word.lower() == target.lower(), word ==") for t in found)
    assert any(t.startswith('return word == target, word.lower() == "yes"') for t in found)
    assert not any("n.lower()" in t or "word.lower() < " in t for t in found)
    assert not any('word.lower() == "Yes"' in t for t in found)


def test_text_split_out_of_a_line_is_case_folded_where_it_is_used_as_a_key() -> None:
    source = """\
    def parse(text, table, counts, n):
        amount, unit = text.split()
        parts = text.split(",")
        factor = table.get(unit)
        level = parts[2]
        counts[n] = amount
        return factor, level
    """
    assert "factor = table.get(unit.lower())" in new_lines(source, "factor =", "wrap_call")
    assert "factor = table.get(unit.upper())" in new_lines(source, "factor =", "wrap_call")
    assert "level = parts[2].upper()" in new_lines(source, "level =", "wrap_call")
    # `n` and `counts` are not text; `parts` itself is a list of texts, not one
    stored = new_lines(source, "counts[n] =", "wrap_call")
    assert not any("n.lower()" in t or "counts.lower()" in t for t in stored)
    assert not any("parts.lower()" in t for t in new_lines(source, "level =", "wrap_call"))
    # cut at a separator, a part keeps the spaces around it; `.split()` drops them
    assert "level = parts[2].strip()" in new_lines(source, "level =", "wrap_call")
    assert "factor = table.get(unit.strip())" not in new_lines(source, "factor =", "wrap_call")


# --------------------------------------------------------------------------- pairs iterated


def test_two_names_unpacked_from_a_plain_container_iterate_its_items_or_its_positions() -> None:
    source = """\
    def describe(stock, names):
        for name, count in stock:
            pass
        for word in names:
            pass
        for a, b in zip(names, names):
            pass
    """
    found = new_lines(source, "for name, count", "wrap_call")
    assert "for name, count in stock.items():" in found
    assert "for name, count in enumerate(stock):" in found
    assert not any(".items()" in t for t in new_lines(source, "for word in", "wrap_call"))
    assert not any(".items()" in t or "enumerate" in t for t in new_lines(source, "for a, b", "wrap_call"))


def test_a_range_checked_on_one_of_two_names_bound_together_is_checked_on_the_other() -> None:
    """`0 <= f < 8` with `f, r = ...`: a two-sided bound is a board's edge, both axes
    have it (a one-sided `x > 0` is not mirrored: see the test above)."""
    source = """\
    def moves(file_idx, rank_idx, offsets):
        found = []
        for df, dr in offsets:
            f, r = file_idx + df, rank_idx + dr
            if 0 <= f < 8:
                found.append((f, r))
        return found
    """
    assert "if 0 <= f < 8 and 0 <= r < 8:" in new_lines(source, "if 0 <= f < 8:", "widen_narrow")
    checked = source.replace("if 0 <= f < 8:", "if 0 <= f < 8 and 0 <= r < 8:")
    assert not any(t.count("0 <= r < 8") > 1 for t in new_lines(checked, "if 0 <= f < 8", "widen_narrow"))


UNREAD_BOUND = """\
MAX_MM = 500.0
LIMIT = 3


def clean(readings):
    valid = []
    for r in readings[:LIMIT]:
        if r < 0:
            continue
        valid.append(r)
    return valid
"""


def test_a_one_sided_check_gets_its_other_end_from_a_module_constant_nothing_reads() -> None:
    found = new_lines(UNREAD_BOUND, "if r < 0:", "widen_narrow")
    assert "if r < 0 or r > MAX_MM:" in found
    assert "if r < 0 or r >= MAX_MM:" in found
    assert not any("LIMIT" in t for t in found)  # read already: no sign of a missing use
    used = UNREAD_BOUND.replace("valid.append(r)", "valid.append(min(r, MAX_MM))")
    assert not any("MAX_MM" in t for t in new_lines(used, "if r < 0:", "widen_narrow"))


def test_a_value_is_capped_by_a_module_constant_nothing_reads() -> None:
    source = """\
    from datetime import timedelta

    MAX_STAY = 120


    def expiry(now, coins):
        minutes = sum(coins)
        return now + timedelta(minutes=minutes)
    """
    found = new_lines(source, "return now +", "wrap_call")
    assert "return now + timedelta(minutes=min(minutes, MAX_STAY))" in found
    assert "return now + timedelta(minutes=max(minutes, MAX_STAY))" in found
    # `now` is no number the function computes: no cap on it
    assert not any("min(now" in t for t in found)
    read = source.replace("minutes = sum(coins)", "minutes = sum(coins) % MAX_STAY")
    assert not any("MAX_STAY)" in t for t in new_lines(read, "return now +", "wrap_call"))


def test_a_clamp_at_one_end_gets_the_other_end_the_docstring_states() -> None:
    source = '''\
    def apply_gain(volume, gain):
        """Return the volume (0-100) after the gain, clamped to the valid range."""
        scaled = volume * gain
        return max(0, round(scaled))
    '''
    found = new_lines(source, "return max(0", "wrap_call")
    assert "return max(0, min(100, round(scaled)))" in found
    both = source.replace("max(0, round(scaled))", "max(0, min(100, round(scaled)))")
    assert not any("min(100, min(" in t for t in new_lines(both, "return max(0", "wrap_call"))
    undocumented = source.replace(" (0-100)", "")
    assert not any("min(100" in t for t in new_lines(undocumented, "return max(0", "wrap_call"))


def test_a_float_clamp_gets_its_other_end_as_a_float() -> None:
    source = '''\
    def percent(voltage, empty, full):
        """A charge percentage clamped to 0..100."""
        pct = (voltage - empty) / (full - empty) * 100
        return round(max(0.0, pct), 1)
    '''
    assert "return round(max(0.0, min(100.0, pct)), 1)" in new_lines(source, "return round", "wrap_call")


def test_a_total_the_loop_never_adds_to_takes_the_item_field_of_its_name() -> None:
    """`minutes = 0` returned after a loop over episodes that never adds to it: the
    item's own `"minutes"` field is what it totals."""
    source = """\
    def backlog(episodes):
        counts = {}
        minutes = 0
        for ep in episodes:
            if ep["played"]:
                continue
            counts[ep["show"]] = counts.get(ep["show"], 0) + 1
        return counts, minutes
    """
    found = new_lines(source, "counts[ep[", "insert_analogy")
    assert 'counts[ep["show"]] = counts.get(ep["show"], 0) + 1\n        minutes += ep["minutes"]' in found
    # a field of another name is no ingredient for it
    assert not any('minutes += ep["show"]' in t for t in found)
    total = source.replace("minutes", "total_minutes")
    found = new_lines(total, "counts[ep[", "insert_analogy")
    assert any(t.endswith('total_minutes += ep["minutes"]') for t in found)


def test_a_dict_read_in_arithmetic_and_never_written_counts_its_keys() -> None:
    source = """\
    def mean_by_crop(harvests):
        totals = {}
        counts = {}
        for crop, kg in harvests:
            totals[crop] = totals.get(crop, 0.0) + kg
        return {crop: totals[crop] / counts[crop] for crop in totals}
    """
    found = new_lines(source, "totals[crop] = totals.get", "insert_analogy")
    assert (
        "totals[crop] = totals.get(crop, 0.0) + kg\n        counts[crop] = counts.get(crop, 0) + 1" in found
    )
    # read as a flag only (`if crop in seen`): no count
    flags = """\
    def firsts(harvests):
        seen = {}
        out = []
        for crop, kg in harvests:
            if crop in seen:
                continue
            out.append(kg)
        return out
    """
    assert not any("seen.get(" in t for t in new_lines(flags, "out.append(kg)", "insert_analogy"))


def test_records_are_ordered_by_a_field_the_function_reads_on_them() -> None:
    source = """\
    def itinerary(legs):
        ordered = legs
        return [f"{leg['depart']} {leg['to']}" for leg in ordered]
    """
    found = new_lines(source, "ordered = legs", "wrap_call")
    assert "ordered = sorted(legs, key=lambda leg: leg['depart'])" in found
    assert "ordered = sorted(legs, key=lambda leg: leg['to'])" in found
    assert "ordered = sorted(legs, key=lambda leg: leg['depart'], reverse=True)" in found
    # items read by no field: no key to order by
    plain = "def f(xs):\n    ordered = xs\n    return [x + 1 for x in ordered]\n"
    assert not any("key=" in t for t in new_lines(plain, "ordered = xs", "wrap_call"))


def test_a_value_a_branch_sets_for_the_next_item_is_cleared_once_handed_over() -> None:
    source = """\
    def parse(text):
        entries = []
        title = None
        for line in text.splitlines():
            if line.startswith("#EXTINF:"):
                title = line.split(",", 1)[1]
            elif not line.startswith("#"):
                entries.append((title, line))
        return entries
    """
    found = new_lines(source, "entries.append((title, line))", "insert_analogy")
    assert "entries.append((title, line))\n            title = None" in found
    # set in the same round it is handed over: nothing carries to the next item
    same = source.replace('            if line.startswith("#EXTINF:"):\n', "")
    same = same.replace(
        '                title = line.split(",", 1)[1]\n', '            title = line.split(",", 1)[1]\n'
    )
    same = same.replace("            elif not", "            if not")
    assert not any(
        t.endswith("title = None") for t in new_lines(same, "entries.append((title, line))", "insert_analogy")
    )


def test_a_cursor_compared_with_one_end_of_a_span_moves_to_its_other_end() -> None:
    source = """\
    def free(meetings, day_start):
        slots = []
        cursor = day_start
        for start, end in sorted(meetings):
            if start > cursor:
                slots.append((cursor, start))
        return slots, cursor
    """
    found = new_lines(source, "slots.append((cursor, start))", "insert_analogy")
    assert "slots.append((cursor, start))\n        cursor = max(cursor, end)" in found
    assert "slots.append((cursor, start))\n        cursor = end" in found
    assert "slots.append((cursor, start))\n        cursor = start" in found  # the compared name first


HOTTEST = """\
def to_celsius(value, unit):
    if unit == "F":
        return (value - 32) * 5 / 9
    return value


def hottest(readings):
    best, best_temp = None, None
    for room, value, unit in readings:
        temp = value
        if best_temp is None or temp > best_temp:
            best, best_temp = room, temp
    return best
"""


def test_a_module_function_nothing_calls_is_called_with_the_names_its_parameters_have() -> None:
    found = new_lines(HOTTEST, "temp = value", "wrap_call")
    assert "temp = to_celsius(value, unit)" in found
    called = HOTTEST.replace("    return best\n", "    return best, to_celsius(0, 'C')\n")
    assert "temp = to_celsius(value, unit)" not in new_lines(called, "temp = value", "wrap_call")
    # a parameter with no same-named value in scope: no such call
    other = HOTTEST.replace("for room, value, unit in readings", "for room, value, scale in readings")
    assert not any("to_celsius(value," in t for t in new_lines(other, "temp = value", "wrap_call"))


def test_a_sum_or_difference_is_regrouped_before_the_product_that_follows_it() -> None:
    source = """\
    def to_celsius(fahrenheit):
        return round(fahrenheit - 32 * 5 / 9, 1)


    def padded(width, count):
        return width * count + 1
    """
    assert "return round((fahrenheit - 32) * 5 / 9, 1)" in new_lines(source, "fahrenheit - 32", "regroup")
    assert "return width * (count + 1)" in new_lines(source, "width * count + 1", "regroup")
    # already grouped, or one kind of operator only: nothing to regroup
    grouped = source.replace("fahrenheit - 32 * 5 / 9", "(fahrenheit - 32) * 5 / 9")
    assert not any("((" in t for t in new_lines(grouped, "fahrenheit - 32", "regroup"))
    flat = "def f(a, b, c):\n    return a + b - c\n"
    assert new_lines(flat, "return a + b - c", "regroup") == []


def test_a_cell_of_a_grid_is_checked_in_bounds_on_both_axes() -> None:
    source = """\
    def mines_around(grid, row, col):
        count = 0
        for r in range(row - 1, row + 2):
            for c in range(col - 1, col + 2):
                if grid[r][c] == "*":
                    count += 1
        return count
    """
    found = new_lines(source, 'if grid[r][c] == "*":', "widen_narrow")
    assert 'if 0 <= r < len(grid) and 0 <= c < len(grid[r]) and grid[r][c] == "*":' in found


def test_a_flag_parameter_exempts_an_early_return() -> None:
    source = """\
    def shipping(weight, total, oversized=False):
        if total >= 50:
            return 0.0
        cost = 5 * weight
        if oversized:
            cost += 15
        return cost
    """
    found = new_lines(source, "if total >= 50:", "widen_narrow")
    assert "if total >= 50 and not oversized:" in found
    plain = source.replace("oversized=False", "oversized")
    assert "if total >= 50 and not oversized:" not in new_lines(plain, "if total >= 50:", "widen_narrow")


def test_a_character_class_check_gets_its_missing_sibling() -> None:
    source = """\
    def is_strong(pw):
        return len(pw) >= 8 and any(c.isupper() for c in pw) and any(c.islower() for c in pw)
    """
    found = new_lines(source, "return len(pw)", "widen_narrow")
    want = "any(c.isupper() for c in pw) and any(c.islower() for c in pw) and any(c.isdigit() for c in pw)"
    assert any(want in t for t in found)
    assert not any("c.isupper() for c in pw) and any(c.isupper()" in t for t in found)


HONOR = '''\
def honor_roll(students, min_average=85.0):
    """Each student is a dict with "name", "grades" and "failed" (failed courses)."""
    result = []
    for student in students:
        if sum(student["grades"]) >= min_average:
            result.append(student["name"])
    return result
'''


def test_a_field_the_docstring_names_and_the_code_never_reads_joins_a_condition() -> None:
    found = new_lines(HONOR, "if sum(student", "widen_narrow")
    assert 'if sum(student["grades"]) >= min_average and not student.get("failed"):' in found
    assert not any('student.get("name")' in t for t in found)  # read already
    read = HONOR.replace(
        'result.append(student["name"])', 'result.append((student["name"], student["failed"]))'
    )
    assert not any('get("failed")' in t for t in new_lines(read, "if sum(student", "widen_narrow"))


def test_off_by_one_reaches_a_factor_of_a_product_in_parentheses() -> None:
    source = """\
    def plan(total, months):
        regular = total // months
        payments = [regular] * months
        return payments
    """
    found = new_lines(source, "payments = [regular]", "off_by_one")
    assert "payments = [regular] * (months - 1)" in found
    assert "payments = [regular] * (months + 1)" in found
    divided = new_lines(source, "regular = total", "off_by_one")
    assert "regular = total // (months - 1)" in divided


def test_off_by_one_leaves_a_sums_operands_and_constants_to_the_whole_shift() -> None:
    source = """\
    def f(a, b):
        c = a - b * 2
        return c
    """
    found = new_lines(source, "c = a - b", "off_by_one")
    assert "c = a - (b - 1) * 2" in found  # a factor
    assert not any("(2 " in text for text in found)  # a constant is the constant family's
    # a sum's operand moved by one is the whole sum moved by one, proposed once
    assert "c = a - b * 2 - 1" in found
    assert not any("(a - 1)" in text or "(a + 1)" in text for text in found)


def test_a_letter_bounding_a_character_range_gets_its_other_case() -> None:
    source = """\
    def base_of(ch):
        if "a" <= ch <= "z":
            return ord("a")
        elif "A" <= ch <= "z":
            return ord("A")
        return None
    """
    found = new_lines(source, 'elif "A" <= ch', "constant")
    assert 'elif "A" <= ch <= "Z":' in found
    assert 'elif "a" <= ch <= "z":' in found  # "A" flipped too: both ends are candidates
    # outside a comparison a letter is text, not a bound: it keeps its case
    plain = """\
    def code(ch):
        if ch == "q":
            return ord("q")
        return 0
    """
    assert 'if ch == "Q":' in new_lines(plain, 'if ch == "q"', "constant")
    assert 'return ord("Q")' not in new_lines(plain, 'return ord("q")', "constant")


COUNTED = """\
def summarize(lines):
    counts = {}
    errors = []
    for line in lines:
        level, _, message = line.partition(":")
        level = level.strip()
        if level == "ERROR":
            errors.append(message)
    return counts, errors
"""


def test_a_returned_dict_nothing_fills_counts_what_the_loop_binds() -> None:
    found = new_lines(COUNTED, "level = level.strip()", "insert_analogy")
    assert "level = level.strip()\n        counts[level] = counts.get(level, 0) + 1" in found
    assert not any("counts[_]" in text for text in found)


def test_a_dict_the_function_fills_or_does_not_return_gets_no_count() -> None:
    line = "level = level.strip()"
    fill = "errors.append(message)\n            counts[level] = 1"
    filled = COUNTED.replace("errors.append(message)", fill)
    assert not any("counts.get" in t for t in new_lines(filled, line, "insert_analogy"))
    unreturned = COUNTED.replace("return counts, errors", "return errors")
    assert not any("counts.get" in t for t in new_lines(unreturned, line, "insert_analogy"))
    computed = COUNTED.replace("return counts, errors", "return len(counts), errors")
    assert not any("counts.get" in t for t in new_lines(computed, line, "insert_analogy"))


# --------------------------------------------------------------------------- carried values

ROUTE = """\
def route_distance(route, distances):
    total = 0
    prev = route[0]
    for city in route[1:]:
        total += leg(distances, prev, city)
    return total
"""


def test_a_value_carried_between_rounds_that_stands_still_takes_the_loops_item() -> None:
    found = new_lines(ROUTE, "total += leg", "insert_analogy")
    assert "total += leg(distances, prev, city)\n        prev = city" in found


def test_a_carried_value_the_loop_sets_or_a_number_gets_no_carry() -> None:
    line = "total += leg"
    moved = ROUTE.replace(
        "        total += leg(distances, prev, city)\n",
        "        total += leg(distances, prev, city)\n        prev = city\n",
    )
    assert not any("prev = city" in t.splitlines()[-1] for t in new_lines(moved, line, "insert_analogy"))
    # a constant standing still (a number, a separator) is no carry
    assert not any(t.endswith("total = city") for t in new_lines(ROUTE, line, "insert_analogy"))
    # a value read in no round is no carry either
    unread = ROUTE.replace("leg(distances, prev, city)", "leg(distances, city, city)")
    assert not any(t.endswith("prev = city") for t in new_lines(unread, line, "insert_analogy"))


ANCHORS = """\
def anchors(titles):
    seen = {}
    out = []
    for title in titles:
        count = seen.get(title, 0)
        out.append(title if count == 0 else f"{title}-{count}")
    return out
"""


def test_a_count_looked_up_and_never_kept_gets_its_tally_first() -> None:
    found = new_lines(ANCHORS, "count = seen.get", "insert_analogy")
    tally = "count = seen.get(title, 0)\n        seen[title] = seen.get(title, 0) + 1"
    assert tally in found
    flag = "count = seen.get(title, 0)\n        seen[title] = True"
    assert found.index(tally) < found.index(flag)


def test_a_lookup_with_another_default_is_no_count() -> None:
    flagged = ANCHORS.replace("seen.get(title, 0)", "seen.get(title, False)")
    found = new_lines(flagged, "count = seen.get", "insert_analogy")
    assert "count = seen.get(title, False)\n        seen[title] = True" in found
    assert not any("+ 1" in t for t in found)


DEPARTURES = """\
def to_minutes(hhmm):
    hours, minutes = hhmm.split(":")
    return int(hours) * 60 + int(minutes)


def next_departure(departures, now):
    for dep in departures:
        if to_minutes(dep) >= to_minutes(now):
            return dep
    return None
"""


def test_what_a_loop_computes_from_each_item_orders_it_before_a_plain_sort() -> None:
    found = new_lines(DEPARTURES, "for dep in departures", "wrap_call")
    keyed = "for dep in sorted(departures, key=to_minutes):"
    assert keyed in found
    assert "for dep in sorted(departures, key=to_minutes, reverse=True):" in found
    assert found.index(keyed) < found.index("for dep in sorted(departures):")


def test_a_call_on_something_else_than_the_item_is_no_order() -> None:
    other = DEPARTURES.replace("to_minutes(dep) >= to_minutes(now)", "dep >= to_minutes(now)")
    assert not any("key=to_minutes" in t for t in new_lines(other, "for dep in departures", "wrap_call"))
    printed = DEPARTURES.replace("        if to_minutes(dep)", "        print(dep)\n        if dep")
    assert not any("key=print" in t for t in new_lines(printed, "for dep in departures", "wrap_call"))


# --------------------------------------------------------------------------- written back, computed, kept

CALORIES = """\
def daily_net(entries):
    totals = {}
    for date, kind, kcal in entries:
        net = totals.get(date, 0)
        if kind == "exercise":
            net -= kcal
        else:
            net += kcal
    return totals
"""


def test_a_value_read_from_a_mapping_changed_and_never_stored_is_written_back() -> None:
    found = new_lines(CALORIES, "net += kcal", "insert_analogy")
    assert "net += kcal\n        totals[date] = net" in found  # at the end of the round, not in the branch


def test_a_mapping_the_loop_writes_or_a_value_left_unchanged_gets_no_write_back() -> None:
    written = CALORIES.replace(
        "            net += kcal\n", "            net += kcal\n        totals[date] = net\n"
    )
    assert not any(
        t.endswith("totals[date] = net") for t in new_lines(written, "net -= kcal", "insert_analogy")
    )
    unchanged = CALORIES.replace("net -= kcal", "print(kcal)").replace("net += kcal", "print(net)")
    assert not any("totals[date] = net" in t for t in new_lines(unchanged, "print(net)", "insert_analogy"))


DELAYS = """\
def delay_report(arrivals):
    late = 0
    total = 0
    for scheduled, actual in arrivals:
        delay = actual - scheduled
        if delay > 2:
            late += 1
    return total / late if late else 0.0
"""


def test_a_total_read_only_after_the_loop_adds_up_what_the_round_computes() -> None:
    found = new_lines(DELAYS, "late += 1", "insert_analogy")
    assert "late += 1\n            total += delay" in found
    assert "late += 1\n            total += scheduled" in found  # the loop's own names first
    assert found.index("late += 1\n            total += scheduled") < found.index(
        "late += 1\n            total += delay"
    )
