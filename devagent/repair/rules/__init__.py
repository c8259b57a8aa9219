"""Repair's rules: the one-line edits proposed for a ranked line, a module per kind of
edit (operators, conditions, constants, off_by_one for loop bounds and indices, calls,
arguments, text_cleaning, names, returns, deletions, base_cases, insertions,
loop_updates, statement_order, resets, groups, clamps, object_state, guards, borrowed,
ingredients), and the catalogue that applies them (catalogue.py: `candidates`)."""

from devagent.repair.rules.catalogue import MAX_PER_LINE, candidates

__all__ = ["MAX_PER_LINE", "candidates"]
