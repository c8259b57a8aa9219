"""Ingredients borrowed from the rest of the module (devagent/repair/rules/borrowed.py),
and the general insertion rules next to them in rules/: for each, small code where the
expected edit is proposed and code where nothing may be."""

from __future__ import annotations

import textwrap

from devagent.repair.rules import candidates
from devagent.repair.rules.borrowed import negated
from devagent.repair.rules.edit import apply


def texts(source: str, fragment: str, template: str, nth: int = 0) -> list[str]:
    source = textwrap.dedent(source)
    lines = [i for i, text in enumerate(source.splitlines(), 1) if fragment in text]
    found = candidates(source, lines[nth], limit=1000)
    for edit in found:
        compile(apply(source, edit), "<candidate>", "exec")
    return [e.new_text.strip() for e in found if e.template == template]


# --------------------------------------------------------------------------- conditions

CLAUSES = """\
def visible(posts, viewer):
    return [p for p in posts if p["public"] and p["author"] != viewer]


def shown(entries, reader):
    return [e for e in entries if e["public"]]
"""


def test_a_clause_of_another_condition_is_added_with_its_names_mapped_by_position() -> None:
    found = texts(CLAUSES, 'if e["public"]]', "borrowed_condition")
    assert """return [e for e in entries if e["public"] and e['author'] != reader]""" in found
    assert """return [e for e in entries if e["public"] and e['author'] == reader]""" in found


def test_a_clause_the_condition_already_has_or_that_shares_no_name_is_not_borrowed() -> None:
    found = texts(CLAUSES, 'if p["public"] and', "borrowed_condition")
    assert not any("p['public'] and p['public']" in t for t in found)
    source = CLAUSES.replace('e["public"]', "reader")
    # `e['author'] != reader` shares `reader`; a clause on names the line lacks is noise
    assert all("reader" in t for t in texts(source, "if reader]", "borrowed_condition"))


def test_a_clause_with_a_name_the_line_cannot_bind_is_dropped() -> None:
    source = """\
    def a(rows):
        limit = 3
        return [r for r in rows if r > 0 and r < limit]


    def b(rows):
        return [r for r in rows if r > 0]
    """
    found = texts(source, "if r > 0]", "borrowed_condition")
    assert not any("limit" in t for t in found)


def test_negation_flips_a_comparison_and_removes_a_not() -> None:
    assert negated("a < b") == "a >= b"
    assert negated("k not in seen") == "k in seen"
    assert negated("not ready") == "ready"
    assert negated("x") == "not x"
    assert negated("a + b") == "not (a + b)"


# --------------------------------------------------------------------------- statements

STATEMENTS = """\
def word_counts(words):
    counts = {}
    for word in words:
        counts[word] = counts.get(word, 0) + 1
    return counts


def tag_counts(tags):
    counts = {}
    for tag in tags:
        tag = tag.lower()
    return sorted(counts.items())
"""


def test_a_statement_from_another_function_is_inserted_with_its_loop_variable_mapped() -> None:
    found = texts(STATEMENTS, "tag = tag.lower()", "borrowed_statement")
    assert "tag = tag.lower()\n        counts[tag] = counts.get(tag, 0) + 1" in found
    assert "counts[tag] = counts.get(tag, 0) + 1\n        tag = tag.lower()" in found


def test_a_local_maps_to_one_made_the_same_way() -> None:
    source = """\
    def unique(text):
        seen = set()
        kept = []
        for ch in text:
            kept.append(ch)
        return kept


    def mark(items):
        done = set()
        for item in items:
            done.add(item)
        return done
    """
    found = texts(source, "kept.append(ch)", "borrowed_statement")
    assert "kept.append(ch)\n        seen.add(ch)" in found
    assert not any("done" in t for t in found)


def test_a_statement_already_in_the_block_is_not_borrowed_again_nor_into_module_code() -> None:
    found = texts(STATEMENTS, "counts[word] = counts.get", "borrowed_statement")
    assert "counts[word] = counts.get(word, 0) + 1\n        word = word.lower()" in found
    assert not any(t.count("counts[word] = counts.get(word, 0) + 1") > 1 for t in found)
    module_level = "LIMIT = 3\n\n\ndef f(x):\n    total = 0\n    total += x\n    return total\n"
    assert texts(module_level, "LIMIT = 3", "borrowed_statement") == []


def test_the_returned_accumulator_is_not_emptied_again_inside_its_loop() -> None:
    source = """\
    def free_slots(meetings, day_start):
        gaps = []
        cursor = day_start
        for start, end in sorted(meetings):
            gaps.append((cursor, start))
            cursor = max(cursor, end)
        return gaps
    """
    found = texts(source, "gaps.append((cursor, start))", "borrowed_statement")
    # emptied in the loop, only the last round's gap would survive (an anti-pattern
    # that passes weak tests); a buffer the function does not return may be reset
    assert found and not any("gaps = []" in t for t in found)
    buffer = texts(source.replace("return gaps", "return cursor"), "gaps.append((", "borrowed_statement")
    assert any("gaps = []" in t for t in buffer)


def test_a_jump_is_borrowed_only_into_a_loop() -> None:
    source = """\
    def first_even(xs):
        for x in xs:
            if x % 2:
                continue
            return x


    def head(xs):
        x = xs[0]
        return x
    """
    assert not any("continue" in t for t in texts(source, "x = xs[0]", "borrowed_statement"))


# --------------------------------------------------------------------------- guards

GUARDED = """\
def count_tracks(node):
    return sum(count_tracks(item) for item in node["items"])


def depth(node):
    if "tracks" in node:
        return 0
    return 1 + max(depth(item) for item in node["items"])
"""


def test_another_functions_opening_guard_becomes_a_base_case_with_what_it_checks() -> None:
    found = texts(GUARDED, "return sum(count_tracks", "borrowed_guard")
    assert (
        "if 'tracks' in node: return 0\n    return sum(count_tracks(item) for item in node[\"items\"])"
        in found
    )
    assert any(t.startswith("if 'tracks' in node: return len(node['tracks'])") for t in found)
    assert any(t.startswith("if 'tracks' in node: return node['tracks']") for t in found)


def test_a_function_that_opens_with_a_guard_gets_no_borrowed_one() -> None:
    assert texts(GUARDED, "return 1 + max(depth", "borrowed_guard") == []


def test_a_guard_on_names_the_function_cannot_bind_is_not_borrowed() -> None:
    source = """\
    LIMIT = 3


    def f(a, b):
        if b > LIMIT:
            return a
        return f(a + 1, b - 1)


    def g(x):
        return g(x - 1) + 1
    """
    found = texts(source, "return g(x - 1)", "borrowed_guard")
    # `b` is f's second parameter and g has none: the guard cannot be adapted
    assert found == []


# --------------------------------------------------------------------------- lagging values


def test_a_lagging_value_takes_a_name_the_loop_binds_that_it_is_compared_with() -> None:
    source = """\
    def strays(codes):
        previous = None
        out = []
        for code in codes:
            key = code.upper()
            if previous is not None and key < previous:
                out.append(code)
                continue
        return out
    """
    found = texts(source, "if previous is not None", "insert_analogy")
    assert "continue\n        previous = key" in found


def test_a_lagging_value_passed_to_a_call_with_a_tuple_target_is_updated() -> None:
    source = """\
    def shifts(readings):
        prev = None
        out = []
        for time, bearing in readings:
            if prev is not None and abs(prev - bearing) > 90:
                out.append(time)
        return out
    """
    found = texts(source, "out.append(time)", "insert_analogy")
    assert "out.append(time)\n        prev = bearing" in found


def test_a_lagging_value_unpacked_like_the_loop_item_takes_the_whole_item() -> None:
    """`prev_t, prev_w = prev` beside `for t, watts in samples`: prev is the last item."""
    source = """\
    def energy(samples):
        total = 0.0
        prev = None
        for t, watts in samples:
            if prev is not None:
                prev_t, prev_w = prev
                total += (t - prev_t) * (prev_w + watts) / 2
        return total
    """
    found = texts(source, "total += (t - prev_t)", "insert_analogy")
    assert "total += (t - prev_t) * (prev_w + watts) / 2\n        prev = (t, watts)" in found
    # unpacked into another width: no item of that shape
    three = source.replace("prev_t, prev_w = prev", "prev_t, prev_w, _x = prev")
    assert not any("prev = (t, watts)" in t for t in texts(three, "total += (t - prev_t)", "insert_analogy"))


def test_containers_and_constants_handed_to_calls_are_not_lagging_values() -> None:
    source = """\
    def joined(parts):
        sep = ", "
        seen = set()
        out = []
        for part in parts:
            if part not in seen:
                out.append(part + sep)
        return out
    """
    found = texts(source, "out.append(part + sep)", "insert_analogy")
    assert not any("sep = part" in t or "seen = part" in t or "out = part" in t for t in found)


# --------------------------------------------------------------------------- comprehension elements


def test_an_element_no_filter_checks_gets_a_none_check() -> None:
    source = """\
    def total(rows, day):
        return sum([mm for stamp, mm in rows if stamp.startswith(day)])
    """
    found = texts(source, "return sum", "widen_narrow")
    assert "return sum([mm for stamp, mm in rows if stamp.startswith(day) and mm is not None])" in found
    assert "return sum([mm for stamp, mm in rows if stamp.startswith(day) and mm])" in found
    assert not any(t.endswith("and stamp is not None])") for t in found)  # the filter reads stamp


def test_an_unfiltered_comprehension_gets_a_filter_on_its_element() -> None:
    source = """\
    def lengths(words):
        return [len(w) for w in words]
    """
    assert "return [len(w) for w in words if w is not None]" in texts(source, "return [len", "widen_narrow")


# --------------------------------------------------------------------------- lookup base case


def test_a_table_carried_down_the_recursion_gives_a_lookup_base_case() -> None:
    source = """\
    def unit_cost(item, recipes, prices):
        return sum(qty * unit_cost(part, recipes, prices) for part, qty in recipes[item].items())
    """
    found = texts(source, "return sum", "guard")
    assert any(t.startswith("if item in prices: return prices[item]") for t in found)
    assert any(t.startswith("if item in recipes: return recipes[item]") for t in found)
    assert not any(t.startswith("if prices in") or "in item:" in t for t in found)


def test_no_lookup_base_case_where_no_parameter_is_carried_unchanged() -> None:
    source = """\
    def gcd(a, b):
        return gcd(b, a % b)
    """
    assert not any(" in " in t.split(":")[0] for t in texts(source, "return gcd", "guard"))


def test_no_family_empties_the_returned_list_inside_its_loop() -> None:
    """The anti-pattern above, tried through every family on every line of the loop: no
    other path (a reset by analogy, a companion reset, a two-line edit's parts) emits it."""
    source = textwrap.dedent(
        """\
        def free_slots(meetings, day_start):
            gaps = []
            cursor = day_start
            for start, end in sorted(meetings):
                gaps.append((cursor, start))
                cursor = max(cursor, end)
            return gaps
        """
    )
    for line in range(4, 7):
        emptied = [e for e in candidates(source, line, limit=1000) if "gaps = []" in e.new_text]
        assert emptied == [], (line, [e.template for e in emptied])


def test_a_value_carried_into_the_next_round_takes_what_the_round_made_of_it() -> None:
    """`carry` read in `left = budget + carry - spent` and never set in the loop: the
    next round starts from `left` (`carry = left`)."""
    source = """\
    def remaining(budget, spending):
        carry = 0.0
        out = []
        for spent in spending:
            left = round(budget + carry - spent, 2)
            out.append(left)
        return out
    """
    found = texts(source, "out.append(left)", "insert_analogy")
    assert "out.append(left)\n        carry = left" in found
    assert not any(t.endswith("budget = left") for t in found)  # a parameter, not carried


SIBLING_RECURSIONS = """\
def winner(tree, ratings):
    left = winner(tree[0], ratings)
    right = winner(tree[1], ratings)
    return left if ratings[left] >= ratings[right] else right


def names(tree):
    if isinstance(tree, str):
        return [tree]
    return names(tree[0]) + names(tree[1])


def label(tree):
    if tree is None:
        return ""
    return str(tree)
"""


def test_a_recursion_without_a_base_case_borrows_a_sibling_recursions_first() -> None:
    # the sibling that walks the same data stops where this one must: its guard comes
    # before the generic guards, with the leaf itself returned
    source = textwrap.dedent(SIBLING_RECURSIONS)
    line = next(i for i, t in enumerate(source.splitlines(), 1) if "left = winner" in t)
    found = candidates(source, line, limit=1000)
    order = [e.new_text.strip().split("\n")[0] for e in found]
    leaf = order.index("if isinstance(tree, str): return tree")
    generic = [i for i, e in enumerate(found) if e.template == "guard"]
    assert generic and leaf < generic[0]


def test_a_non_recursive_siblings_guard_stays_after_the_generic_ones() -> None:
    source = textwrap.dedent(SIBLING_RECURSIONS)
    line = next(i for i, t in enumerate(source.splitlines(), 1) if "left = winner" in t)
    found = candidates(source, line, limit=1000)
    borrowed = [e for e in found if e.template == "borrowed_guard" and "tree is None" in e.new_text]
    assert borrowed and all(e.size == 4 for e in borrowed)
