"""Transitive requirements of packages (the dependency graph is assumed to be acyclic)."""


def transitive_requirements(deps, package):
    """Every package that package needs, directly or indirectly, as a set.

    deps maps a package to the list of its direct requirements; a package that is not
    a key of deps has no requirements.
    """
    needed = set()
    for requirement in deps[package]:
        needed.add(requirement)
        needed |= transitive_requirements(deps, requirement)
    return needed


def dependency_depth(deps, package):
    """Length of the longest requirement chain below package (0 for no requirements)."""
    requirements = deps.get(package, [])
    if not requirements:
        return 0
    return 1 + max(dependency_depth(deps, requirement) for requirement in requirements)


def shared_requirements(deps, first, second):
    """Packages both first and second need, directly or indirectly, sorted."""
    common = transitive_requirements(deps, first) & transitive_requirements(deps, second)
    return sorted(common)
