"""Walking an organisation chart given as {employee: manager}."""


def reporting_chain(managers, name):
    """Names from name up to the top of the chart; the person at the top has no manager."""
    boss = managers.get(name)
    return [name] + reporting_chain(managers, boss)


def levels_below_top(managers, name):
    """How many managers stand above name."""
    return len(reporting_chain(managers, name)) - 1


def direct_reports(managers, name):
    """The employees whose manager is name, sorted."""
    return sorted(employee for employee, boss in managers.items() if boss == name)
