"""Working out the order in which packages must be installed."""


def all_packages(deps):
    """Every package named in deps (a map from package to its requirements), sorted."""
    names = set(deps)
    for requirements in deps.values():
        names.update(requirements)
    return sorted(names)


def install_order(deps):
    """Packages in an order where each comes after everything it requires.

    Packages are installed in rounds: each round takes, alphabetically, every package
    whose requirements are all installed. A ValueError is raised for a dependency cycle.
    """
    waiting = {name: set(deps.get(name, ())) for name in all_packages(deps)}
    order = []
    while waiting:
        ready = sorted(name for name, requirements in waiting.items() if not requirements)
        if not ready:
            raise ValueError("dependency cycle among: " + ", ".join(sorted(waiting)))
        for name in ready:
            order.append(name)
            del waiting[name]
    return order


def dependents(deps, package):
    """The packages that require package directly, sorted."""
    return sorted(name for name, requirements in deps.items() if package in requirements)
