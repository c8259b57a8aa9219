"""Class lists built from pupil names typed in by different teachers."""


def normalise_name(name):
    """'  aNN   lee ' -> 'Ann Lee': single spaces, every word capitalised."""
    return " ".join(word.capitalize() for word in name.split())


def class_list(names):
    """The distinct pupils of names, normalised, in alphabetical order (blank entries dropped)."""
    return sorted({name for name in names if name.strip()})


def surname_index(names):
    """Map each surname initial to the pupils of class_list(names) whose last word starts with it."""
    index = {}
    for name in class_list(names):
        initial = name.split()[-1][0]
        index.setdefault(initial, []).append(name)
    return index


def register_lines(names):
    """Numbered register lines '1. Ann Lee', one per pupil of class_list(names)."""
    return [f"{number}. {name}" for number, name in enumerate(class_list(names), start=1)]
