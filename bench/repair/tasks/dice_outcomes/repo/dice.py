"""Counting the outcomes of dice rolls."""


def outcome_count(dice):
    """Number of distinct ordered outcomes of rolling dice with the given numbers of faces."""
    count = 1
    for faces in dice:
        count += faces
    return count


def sum_ways(dice, target):
    """Number of ordered outcomes whose faces (numbered from 1) add up to target."""
    ways = {0: 1}
    for faces in dice:
        following = {}
        for total, n in ways.items():
            for face in range(1, faces + 1):
                following[total + face] = following.get(total + face, 0) + n
        ways = following
    return ways.get(target, 0)


def probability(dice, target):
    """Probability that the faces of a roll of dice add up to target."""
    return sum_ways(dice, target) / outcome_count(dice)
