"""Guest names as they appear on the front desk arrivals list."""


def desk_name(full_name):
    """"ada king lovelace" -> "LOVELACE, Ada King"."""
    parts = full_name.split()
    given, surname = parts[:-1], parts[-1]
    if not given:
        return surname.upper()
    return f"{surname.upper()}, {' '.join(given).capitalize()}"


def arrivals_list(names):
    """Front desk names, sorted alphabetically."""
    return sorted(desk_name(name) for name in names)
