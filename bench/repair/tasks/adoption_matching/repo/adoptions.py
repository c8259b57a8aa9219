"""Matching adoption applications with the shelter's animals."""


def match_adoptions(applications, available):
    """Pair applicants with animals, handling the applications in the order received.

    applications is a list of (applicant, animal) wishes; an applicant may send several.
    Each applicant adopts at most one animal and each animal goes to one applicant: a wish is
    granted when the applicant has no animal yet and the animal is still available.
    Returns a dict applicant -> animal.
    """
    remaining = set(available)
    matched = {}
    for applicant, animal in applications:
        if applicant in matched or animal not in remaining:
            continue
        matched[applicant] = animal
    return matched


def still_available(available, matched):
    """Animals of available that nobody adopted, in their original order."""
    adopted = set(matched.values())
    return [animal for animal in available if animal not in adopted]


def waiting_applicants(applications, matched):
    """Applicants who got no animal, each once, in order of their first application."""
    waiting = []
    for applicant, _ in applications:
        if applicant not in matched and applicant not in waiting:
            waiting.append(applicant)
    return waiting
