"""Statement families and ingredient families added from batch 5's development tasks
(devagent/repair/rules/: resets, groups, clamps, object_state, ingredients, base_cases):
for each, small code where it must propose the expected edit, and code where it must not."""

from __future__ import annotations

import textwrap

from devagent.repair.rules import candidates
from devagent.repair.rules.edit import Edit


def edits_at(source: str, fragment: str, template: str | None = None, nth: int = 0) -> list[Edit]:
    source = textwrap.dedent(source)
    line = [i for i, text in enumerate(source.splitlines(), 1) if fragment in text][nth]
    return [e for e in candidates(source, line, limit=1000) if template is None or e.template == template]


def _new_texts(source: str, fragment: str) -> list[str]:
    return [e.new_text.strip() for e in edits_at(source, fragment, "insert_analogy")]


def texts(edits: list[Edit]) -> list[str]:
    return [" // ".join(part.strip() for part in e.new_text.splitlines()) for e in edits]


# --------------------------------------------------------------------------- statements.py


BATCHES = """\
def batches(words, width):
    lines = []
    current = []
    size = 0
    for word in words:
        if current and size + len(word) > width:
            lines.append(current)
            current = []
        current.append(word)
        size += len(word)
    return lines
"""


def test_a_reset_inside_a_loop_resets_the_value_that_grows_beside_it() -> None:
    found = texts(edits_at(BATCHES, "current = []", "insert_analogy", nth=1))
    assert "current = [] // size = 0" in found


def test_no_companion_reset_where_the_loop_already_resets_it_or_for_the_first_binding() -> None:
    reset = BATCHES.replace("            current = []\n", "            current = []\n            size = 0\n")
    assert not [t for t in texts(edits_at(reset, "current = []", "insert_analogy", nth=1)) if "size = 0" in t]
    assert not [t for t in texts(edits_at(BATCHES, "current = []", "insert_analogy")) if "size = 0" in t]


def test_a_cursor_that_steers_the_loop_is_never_reset() -> None:
    source = """\
    def chunks(items, limit):
        out = []
        group = []
        i = 0
        while i < len(items):
            if len(group) == limit:
                out.append(group)
                group = []
            group.append(items[i])
            i += 1
        return out
    """
    assert not [t for t in texts(edits_at(source, "group = []", "insert_analogy", nth=1)) if "i = 0" in t]


SKIPPING = """\
def climbs(samples):
    total = 0
    last = None
    for kind, height in samples:
        if kind == "reset":
            continue
        if last is not None and height > last:
            total += height - last
        last = height
    return total
"""


def test_a_continue_that_skips_the_loops_state_update_gets_it_first() -> None:
    assert texts(edits_at(SKIPPING, "continue", "insert_analogy")) == ["last = height // continue"]


def test_no_skipped_update_for_a_name_that_is_not_carried_over_from_before_the_loop() -> None:
    local = SKIPPING.replace("    last = None\n", "").replace(
        "        last = height\n", "        step = height\n"
    )
    assert not [t for t in texts(edits_at(local, "continue")) if "step = height" in t]


def test_a_copy_never_changed_afterwards_is_sorted_in_place() -> None:
    source = """\
    def middle(values):
        ordered = list(values)
        return ordered[len(ordered) // 2]
    """
    assert "ordered = list(values) // ordered.sort()" in texts(
        edits_at(source, "ordered = list", "insert_analogy")
    )
    changed = source.replace("    return", "    ordered.append(0)\n    return")
    assert not [t for t in texts(edits_at(changed, "ordered = list")) if "sort()" in t]


def test_a_copy_of_a_mappings_pairs_is_ranked_by_value_most_first() -> None:
    source = """\
    def top(units, limit):
        ranked = list(units.items())
        return [sku for sku, _ in ranked[:limit]]
    """
    found = texts(edits_at(source, "ranked = list", "insert_analogy"))
    assert "ranked = list(units.items()) // ranked.sort(key=lambda pair: (-pair[1], pair[0]))" in found
    # a copy of plain values has no pairs to rank by value
    plain = texts(edits_at(source.replace("units.items()", "units"), "ranked = list", "insert_analogy"))
    assert not [t for t in plain if "pair[1]" in t]


CHAPTERS = """\
def chapters(text):
    found = {}
    title = None
    for line in text.splitlines():
        if line.startswith("# "):
            title = line[2:]
        elif title is not None:
            found[title].append(line)
    return found
"""


def test_a_key_set_for_a_mapping_that_is_only_appended_to_gets_its_entry_made() -> None:
    assert "title = line[2:] // found[title] = []" in texts(
        edits_at(CHAPTERS, "title = line[2:]", "insert_analogy")
    )


def test_no_entry_is_made_where_the_function_stores_entries_itself() -> None:
    made = CHAPTERS.replace(
        "            title = line[2:]\n", "            title = line[2:]\n            found[title] = []\n"
    )
    assert not [
        t for t in texts(edits_at(made, "title = line[2:]", "insert_analogy")) if "found[title] = []" in t
    ]


RATES = """\
def parse(text):
    table = {}
    for row in text.splitlines():
        if not row or row.startswith(";"):
            continue
        key, _, value = row.partition(":")
        table[key.strip()] = int(value)
    return table
"""


def test_a_loop_value_used_raw_where_the_module_strips_strings_is_stripped_first() -> None:
    found = texts(edits_at(RATES, "if not row", "insert_analogy"))
    assert 'row = row.strip() // if not row or row.startswith(";"):' in found
    assert not [t for t in found if "row.lower()" in t]  # the module lower-cases nothing


def test_no_loop_value_cleaning_where_the_body_cleans_it_already() -> None:
    cleaned = RATES.replace('if not row or row.startswith(";")', 'if not row.strip() or row.startswith(";")')
    assert not [t for t in texts(edits_at(cleaned, "if not row")) if "row = row.strip()" in t]


# --------------------------------------------------------------------------- ingredients


def test_a_docstring_range_adds_the_other_end_of_a_rejecting_or_accepting_comparison() -> None:
    source = '''\
    def level(volume):
        """The level of a volume between 0 and 11; None outside 0-11."""
        if volume < 0:
            return None
        return volume // 4
    '''
    found = texts(edits_at(source, "if volume < 0", "widen_narrow"))
    assert found[0] == "if volume < 0 or volume > 11:"
    accepting = textwrap.dedent(source).replace(
        "if volume < 0:\n        return None", "if volume >= 0:\n        return 1"
    )
    assert "if volume >= 0 and volume <= 11:" in texts(edits_at(accepting, "if volume >= 0", "widen_narrow"))
    undocumented = source.replace("between 0 and 11; None outside 0-11", "of a volume")
    assert not [t for t in texts(edits_at(undocumented, "if volume < 0")) if "11" in t]


def test_a_precision_the_docstring_names_is_the_first_rounding_tried() -> None:
    source = '''\
    def mean(values):
        """The mean, rounded to three decimal places."""
        return sum(values) / len(values)
    '''
    rounded = [e for e in edits_at(source, "return sum", "wrap_call") if "round(" in e.new_text]
    assert rounded[0].new_text.strip() == "return round(sum(values) / len(values), 3)"
    assert rounded[0].size < next(e for e in rounded if ", 2)" in e.new_text).size


def test_a_computed_truth_value_left_unread_joins_the_condition_as_a_clause() -> None:
    source = """\
    def clash(a, b):
        same_room = a["room"] == b["room"]
        return a["start"] < b["end"] and b["start"] < a["end"]
    """
    found = [e for e in edits_at(source, "return a[", "widen_narrow") if "same_room" in e.new_text]
    assert found[0].new_text.strip().endswith("and same_room")
    assert not [e for e in found if "< same_room" in e.new_text or "<= same_room" in e.new_text]


def test_an_unpacked_name_left_unread_bounds_the_condition() -> None:
    source = """\
    def price(day, seasons, default):
        for start, end, rate in seasons:
            if start <= day:
                return rate
        return default
    """
    found = texts(edits_at(source, "if start <= day", "widen_narrow"))
    assert "if start <= day and day <= end:" in found


def test_a_method_the_module_calls_on_a_same_named_value_elsewhere_wraps_it() -> None:
    source = """\
    def parse(version):
        text = version
        return text.split(".")

    def label(version):
        return "v" + version.strip()
    """
    found = [e for e in edits_at(source, "text = version", "wrap_call")]
    assert found[0].new_text.strip() == "text = version.strip()"
    assert not [e for e in found if "parse(version)" in e.new_text and e.size < 4]


# --------------------------------------------------------------------------- base cases


def test_a_recursive_step_names_its_own_base_case() -> None:
    cut = """\
    def group(digits):
        return group(digits[:-3]) + "," + digits[-3:]
    """
    assert texts(edits_at(cut, "return group", "guard"))[0].startswith("if len(digits) <= 3: return digits")
    divided = """\
    def spaced(n):
        return spaced(n // 1000) + " " + str(n % 1000)
    """
    found = texts(edits_at(divided, "return spaced", "guard"))
    assert 'if n < 1000: return str(n) // return spaced(n // 1000) + " " + str(n % 1000)' in found
    stepped = """\
    def parts(total, size):
        if total <= 0:
            return []
        return [size] + parts(total - size, size)
    """
    found = texts(edits_at(stepped, "return [size]", "guard"))
    assert any(t.startswith("if total <= size: return [total]") for t in found)


def test_a_step_of_one_adds_no_base_case_of_its_own() -> None:
    source = """\
    def count(n):
        return 1 + count(n - 1)
    """
    assert not [t for t in texts(edits_at(source, "return 1", "guard")) if "n <= 1:" in t and "n < 1" in t]
    assert not [t for t in texts(edits_at(source, "return 1", "guard")) if "n < 1:" in t]


# --------------------------------------------------------------------------- calls


def test_what_a_loop_iterates_is_wrapped_in_an_order_or_selection_only() -> None:
    source = """\
    def first_over(limits, value):
        for limit in limits:
            if value <= limit:
                return limit
        return None
    """
    found = texts(edits_at(source, "for limit in limits", "wrap_call"))
    assert found[0] == "for limit in sorted(limits):"
    assert not [t for t in found if "len(limits)" in t or "abs(limits)" in t or "str(limits)" in t]


def test_a_looked_up_value_is_converted_the_way_the_module_converts_elsewhere() -> None:
    source = """\
    def total(rows):
        return sum(row["qty"] for row in rows)

    def price(row):
        return float(row["price"])
    """
    assert 'return sum(float(row["qty"]) for row in rows)' in texts(
        edits_at(source, "return sum(", "wrap_call")
    )
    plain = source.replace('float(row["price"])', 'row["price"]')
    assert not [t for t in texts(edits_at(plain, "return sum(", "wrap_call")) if 'float(row["qty"])' in t]


def test_an_empty_local_the_recursion_walks_is_checked_before_the_recursive_line() -> None:
    source = """\
    def depth(name, parents):
        above = parents.get(name, [])
        return 1 + max(depth(p, parents) for p in above)
    """
    found = texts(edits_at(source, "return 1 + max", "guard"))
    assert found[0] == "if not above: return 0 // return 1 + max(depth(p, parents) for p in above)"
    unused = source.replace("for p in above", "for p in parents")
    assert not [t for t in texts(edits_at(unused, "return 1 + max", "guard")) if "not above" in t]


def test_a_clause_on_one_of_two_partners_is_repeated_for_the_other() -> None:
    source = """\
    def same(left, right):
        if not left:
            return True
        if left[0] != (right[0] if right else None):
            return False
        return same(left[1:], right[1:])
    """
    found = texts(edits_at(source, "if not left:", "widen_narrow"))
    assert "if not left and not right:" in found
    assert "if not left or not right:" in found
    apart = source.replace("return same(left[1:], right[1:])", "return same(left[1:], right)")
    assert not [t for t in texts(edits_at(apart, "if not left:", "widen_narrow")) if "not right" in t]


def test_a_leaf_of_a_path_enumerating_recursion_is_its_own_one_path() -> None:
    source = """\
    def paths(node):
        children = node.get("children") or []
        return [[node["title"]] + rest for child in children for rest in paths(child)]
    """
    found = texts(edits_at(source, "return [[node", "guard"))
    leaf = 'if not children: return [[node["title"]]]'
    recursive = 'return [[node["title"]] + rest for child in children for rest in paths(child)]'
    assert f"{leaf} // {recursive}" in found
    # the sub-result used as more than one operand of a `+` has no single empty form
    twice = source.replace('[[node["title"]] + rest', '[[node["title"]] + rest + rest')
    assert not [t for t in texts(edits_at(twice, "return [[node", "guard")) if leaf in t]


# --------------------------------------------------------------------------- a run that starts over


STREAK = """\
def longest_run(days):
    best = 0
    current = 0
    for active in days:
        if active:
            current += 1
            best = max(best, current)
    return best
"""


def test_a_count_kept_in_a_branch_starts_over_in_its_missing_else() -> None:
    for fragment in ("if active:", "current += 1", "best = max"):
        found = texts(edits_at(STREAK, fragment, "insert_analogy"))
        assert "best = max(best, current) // else: // current = 0" in found, fragment


def test_no_else_where_the_branch_has_one_or_the_count_is_reset_in_the_loop() -> None:
    with_else = STREAK.replace(
        "            best = max(best, current)\n",
        "            best = max(best, current)\n        else:\n            best = best\n",
    )
    assert not any("else:" in t for t in texts(edits_at(with_else, "current += 1", "insert_analogy")))
    reset = STREAK.replace(
        "    for active in days:\n", "    for active in days:\n        current = 0 if not days else current\n"
    )
    assert not any("else:" in t for t in texts(edits_at(reset, "current += 1", "insert_analogy")))
    # outside a loop nothing runs again, so nothing starts over
    once = "def f(active):\n    current = 0\n    if active:\n        current += 1\n    return current\n"
    assert not any("else:" in t for t in texts(edits_at(once, "current += 1", "insert_analogy")))


def test_a_total_the_branch_only_adds_to_does_not_start_over() -> None:
    total = STREAK.replace("            best = max(best, current)\n", "            best = 1\n")
    assert not any("else:" in t for t in texts(edits_at(total, "current += 1", "insert_analogy")))


# --------------------------------------------------------------------------- the last group handed over


GROUPS = """\
def groups(values):
    out = []
    current = []
    for value in values:
        if current and value != current[-1]:
            out.append(current)
            current = []
        current.append(value)
    return out
"""


def test_a_group_handed_over_inside_the_loop_is_handed_over_after_it_too() -> None:
    found = texts(edits_at(GROUPS, "out.append(current)", "insert_analogy"))
    assert "current.append(value) // if current: out.append(current)" in found
    assert "current.append(value) // out.append(current)" in found


def test_no_hand_over_after_the_loop_when_the_code_already_does_it_or_nothing_restarts() -> None:
    flushed = GROUPS.replace("    return out\n", "    out.append(current)\n    return out\n")
    assert not any(
        "if current:" in t for t in texts(edits_at(flushed, "out.append(current)", "insert_analogy"))
    )
    kept = GROUPS.replace("            current = []\n", "")
    assert not any("if current:" in t for t in texts(edits_at(kept, "out.append(current)", "insert_analogy")))


# --------------------------------------------------------------------------- a clamp mirrored


VOLUME = """\
MAX_VOLUME = 100


def set_volume(level, delta):
    level = level + delta
    if level < 0:
        level = 0
    return level
"""


def test_a_clamp_at_one_end_gets_its_mirror_with_a_module_bound() -> None:
    for fragment in ("if level < 0", "level = 0"):
        found = texts(edits_at(VOLUME, fragment, "insert_analogy"))
        assert "level = 0 // if level > MAX_VOLUME: // level = MAX_VOLUME" in found, fragment
    one_line = VOLUME.replace("    if level < 0:\n        level = 0\n", "    if level < 0: level = 0\n")
    found = texts(edits_at(one_line, "if level < 0", "insert_analogy"))
    assert "if level < 0: level = 0 // if level > MAX_VOLUME: level = MAX_VOLUME" in found


def test_no_mirror_when_the_other_end_is_clamped_or_the_branch_is_no_clamp() -> None:
    both = VOLUME.replace("    return level\n", "    if level > 90:\n        level = 90\n    return level\n")
    assert not any("MAX_VOLUME:" in t for t in texts(edits_at(both, "if level < 0", "insert_analogy")))
    other = VOLUME.replace("        level = 0\n", "        delta = 0\n")
    assert not any("MAX_VOLUME:" in t for t in texts(edits_at(other, "if level < 0", "insert_analogy")))


# --------------------------------------------------------------------------- a count an object never keeps


COUNTER = """\
class Counter:
    def __init__(self):
        self.count = 0
        self.items = []

    def add(self, item):
        self.items.append(item)

    def total(self):
        return self.count
"""


def test_a_count_started_in_init_and_changed_nowhere_is_kept_by_the_method_on_the_line() -> None:
    found = texts(edits_at(COUNTER, "self.items.append(item)", "insert_analogy"))
    assert "self.items.append(item) // self.count += 1" in found


def test_no_count_kept_where_a_method_changes_it_or_in_init_or_after_a_return() -> None:
    kept = COUNTER.replace(
        "        return self.count\n", "        self.count = len(self.items)\n        return self.count\n"
    )
    assert not any(
        "self.count += 1" in t for t in texts(edits_at(kept, "self.items.append", "insert_analogy"))
    )
    assert not any(
        "self.count += 1" in t for t in texts(edits_at(COUNTER, "self.items = []", "insert_analogy"))
    )
    assert not any(
        "self.count += 1" in t for t in texts(edits_at(COUNTER, "return self.count", "insert_analogy"))
    )


# --------------------------------------------------------------------------- entries and names started


def test_a_counted_entry_of_a_mapping_that_never_makes_one_is_started_first() -> None:
    source = """\
    def tally(votes):
        counts = {}
        for vote in votes:
            counts[vote] += 1
        return counts
    """
    found = texts(edits_at(source, "counts[vote] += 1", "insert_analogy"))
    assert "if vote not in counts: counts[vote] = 0 // counts[vote] += 1" in found
    made = source.replace(
        "    for vote in votes:\n", "    for vote in votes:\n        counts[vote] = counts.get(vote, 0)\n"
    )
    assert not any("not in counts" in t for t in texts(edits_at(made, "counts[vote] += 1", "insert_analogy")))
    given = source.replace("    counts = {}\n", "")
    assert not any(
        "not in counts" in t for t in texts(edits_at(given, "counts[vote] += 1", "insert_analogy"))
    )


def test_a_name_added_to_before_anything_binds_it_starts_above_the_outermost_loop() -> None:
    source = """\
    def total_minutes(days):
        for day in days:
            for session in day:
                total += session["minutes"]
                label += f"{session}"
        return total
    """
    assert "total = 0 // for day in days:" in texts(edits_at(source, "total +=", "insert_analogy"))
    assert 'label = "" // for day in days:' in texts(edits_at(source, "label +=", "insert_analogy"))
    bound = source.replace("    for day in days:\n", "    total = 1\n    for day in days:\n", 1)
    assert not any(t.startswith("total = 0") for t in texts(edits_at(bound, "total +=", "insert_analogy")))
    param = "def f(total, xs):\n    for x in xs:\n        total += x\n    return total\n"
    assert not any(t.startswith("total = 0") for t in texts(edits_at(param, "total +=", "insert_analogy")))


RUNS = """\
def runs(days):
    found = []
    current = []
    for day in sorted(days):
        if current and day - current[-1] != 1:
            found.append((current[0], current[-1]))
            current = []
    if current:
        found.append((current[0], current[-1]))
    return found
"""


def test_a_list_the_loop_reads_by_position_and_never_adds_to_gets_the_loop_item() -> None:
    edits = edits_at(RUNS, "found.append((current[0]", "insert_analogy")
    # at the end of the loop body, after the branch: every day joins the current run
    assert any(e.new_text.endswith("\n        current.append(day)") and e.line == 7 for e in edits)
    kept = RUNS.replace(
        "            current = []\n", "            current = []\n        current.append(day)\n"
    )
    assert not any(
        "current.append(day)" in e.new_text
        for e in edits_at(kept, "found.append((current[0]", "insert_analogy")
    )


DRY = """\
def longest_dry(rain_mm, limit):
    best, run = 0, 0
    total = 0
    for rain in rain_mm:
        if rain >= limit:
            continue
        run += 1
        total += 1
        best = max(best, run)
    return best, total
"""


def test_a_round_the_loop_skips_ends_the_run_it_counts() -> None:
    found = texts(edits_at(DRY, "if rain >= limit", "insert_analogy"))
    assert "run = 0 // continue" in found
    # `total` is counted but never read in the loop: a total, not a run
    assert "total = 0 // continue" not in found
    restarted = DRY.replace(
        "        best = max(best, run)\n", "        best = max(best, run)\n        run = 0\n"
    )
    assert "run = 0 // continue" not in texts(edits_at(restarted, "if rain >= limit", "insert_analogy"))
    # started in a chained assignment (`best = run = 0`) just the same
    chained = DRY.replace("best, run = 0, 0", "best = run = 0")
    assert "run = 0 // continue" in texts(edits_at(chained, "if rain >= limit", "insert_analogy"))


QUEUE = """\
class Queue:
    def __init__(self, tracks):
        self.tracks = list(tracks)
        self.position = 0

    def next_track(self):
        if self.position >= len(self.tracks):
            return None
        track = self.tracks[self.position]
        return track
"""


def test_a_cursor_no_method_moves_advances_after_the_line_that_indexes_with_it() -> None:
    found = texts(edits_at(QUEUE, "track = self.tracks[self.position]", "insert_analogy"))
    assert "track = self.tracks[self.position] // self.position += 1" in found
    # read only as a bound, not as an index: the method that reads it is no counter
    bound = QUEUE.replace("track = self.tracks[self.position]", "track = self.tracks[0]")
    assert not any(
        "self.position += 1" in t for t in texts(edits_at(bound, "track = self.tracks[0]", "insert_analogy"))
    )


MOTION = """\
class MotionLog:
    def __init__(self):
        self.counts = {}
        self.last_room = None

    def record(self, room, when):
        self.counts[room] = self.counts.get(room, 0) + 1
"""


def test_an_attribute_init_leaves_none_is_remembered_from_the_parameter_it_names() -> None:
    found = texts(edits_at(MOTION, "self.counts[room] =", "insert_analogy"))
    assert "self.counts[room] = self.counts.get(room, 0) + 1 // self.last_room = room" in found
    assert not any("self.last_room = when" in t for t in found)  # not the name it names
    kept = MOTION.replace(
        "        self.counts[room] = self", "        self.last_room = room\n        self.counts[room] = self"
    )
    assert not any(
        t.endswith("self.last_room = room")
        for t in texts(edits_at(kept, "self.counts[room] =", "insert_analogy"))
    )


BOWLING = """\
def score(rolls):
    total = 0
    i = 0
    for _frame in range(10):
        if rolls[i] == 10:
            total += 10 + rolls[i + 1] + rolls[i + 2]
        elif rolls[i] + rolls[i + 1] == 10:
            total += 10 + rolls[i + 2]
            i += 2
        else:
            total += rolls[i] + rolls[i + 1]
            i += 2
    return total
"""


def test_a_branch_that_does_not_move_the_index_its_siblings_move_gets_a_step() -> None:
    found = texts(edits_at(BOWLING, "total += 10 + rolls[i + 1] + rolls[i + 2]", "insert_analogy"))
    assert "total += 10 + rolls[i + 1] + rolls[i + 2] // i += 1" in found
    assert "total += 10 + rolls[i + 1] + rolls[i + 2] // i += 2" in found
    # every branch moves it already: nothing to add
    moved = BOWLING.replace(
        "            total += 10 + rolls[i + 1] + rolls[i + 2]\n",
        "            total += 10 + rolls[i + 1] + rolls[i + 2]\n            i += 1\n",
    )
    assert not any(
        t.endswith("i += 1")
        for t in texts(edits_at(moved, "total += 10 + rolls[i + 1] + rolls[i + 2]", "insert_analogy"))
    )


CHECKOUT = """\
def checkout(prices, coupon):
    for price in prices:
        subtotal = 0.0
        subtotal += price
    return max(subtotal - coupon, 0.0)
"""


def test_a_total_started_inside_its_loop_is_started_before_it() -> None:
    edits = edits_at(CHECKOUT, "subtotal = 0.0", "insert_analogy")
    moved = [e for e in edits if e.span == 2]
    assert [e.new_text for e in moved] == ["    subtotal = 0.0\n    for price in prices:"]
    assert moved[0].old_text == "    for price in prices:\n        subtotal = 0.0"
    # a reset that the loop reads before adding (a run restarted each round) stays
    run = CHECKOUT.replace(
        "        subtotal += price\n", "        subtotal += price\n        print(subtotal)\n"
    )
    run = run.replace("        subtotal = 0.0\n", "        print(subtotal)\n        subtotal = 0.0\n")
    assert not [e for e in edits_at(run, "subtotal = 0.0", "insert_analogy") if e.span == 2]


SALES = """\
def apply_sales(stock, sales):
    levels = dict(stock)
    short = []
    for item, qty in sales:
        available = levels.get(item, 0)
        if qty > available:
            short.append(item)
        levels[item] = available - qty
    return levels, short
"""


def test_a_branch_that_finds_a_value_over_its_limit_holds_it_to_the_limit() -> None:
    found = texts(edits_at(SALES, "short.append(item)", "insert_analogy"))
    assert "short.append(item) // qty = available" in found
    # not read after the branch: holding it changes nothing
    unread = SALES.replace("levels[item] = available - qty", "levels[item] = available")
    assert "short.append(item) // qty = available" not in texts(
        edits_at(unread, "short.append(item)", "insert_analogy")
    )


ROOM = """\
class WaitingRoom:
    def __init__(self):
        self.waiting = []
        self.arrivals = 0

    def check_in(self, name, urgency):
        self.waiting.append((-urgency, self.arrivals, name))

    def call_next(self):
        return min(self.waiting)[2] if self.waiting else None
"""


def test_a_count_a_method_hands_out_moves_on_after_the_line_that_uses_it() -> None:
    found = _new_texts(ROOM, "self.waiting.append")
    assert "self.waiting.append((-urgency, self.arrivals, name))\n        self.arrivals += 1" in found


def test_a_count_a_method_reads_without_handing_it_out_is_not_moved_there() -> None:
    source = ROOM.replace(
        "        self.waiting.append((-urgency, self.arrivals, name))\n",
        "        print(self.arrivals)\n        self.waiting.append((-urgency, 0, name))\n",
    )
    assert not any("self.arrivals += 1" in t for t in _new_texts(source, "self.waiting.append"))


PLAYER = """\
class Player:
    def __init__(self):
        self.history = []
        self.counts = {}

    def play(self, track):
        self.counts[track] = self.counts.get(track, 0) + 1

    def previous(self):
        return self.history[-2] if len(self.history) > 1 else None
"""


def test_a_collection_init_makes_and_no_method_adds_to_keeps_what_a_method_takes() -> None:
    found = _new_texts(PLAYER, "self.counts[track] =")
    assert "self.counts[track] = self.counts.get(track, 0) + 1\n        self.history.append(track)" in found


def test_a_collection_a_method_adds_to_or_nothing_reads_is_left_alone() -> None:
    added = PLAYER.replace(
        "    def previous(self):",
        "    def rewind(self, track):\n        self.history.insert(0, track)\n\n    def previous(self):",
    )
    assert not any("history.append" in t for t in _new_texts(added, "self.counts[track] ="))
    unread = PLAYER.replace("return self.history[-2] if len(self.history) > 1 else None", "return None")
    assert not any("history.append" in t for t in _new_texts(unread, "self.counts[track] ="))
