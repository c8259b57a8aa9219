"""Reporting lines."""


def chain_of_command(managers, employee):
    """employee, their manager, that one's manager, ... up to someone with no manager."""
    chain = [employee]
    while employee in managers:
        employee = managers[employee]
        chain.append(employee)
    chain.reverse()
    return chain


def reports_to(managers, boss):
    """Direct reports of boss, sorted."""
    return sorted(name for name, manager in managers.items() if manager == boss)
