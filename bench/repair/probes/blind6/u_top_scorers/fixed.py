"""Goal scorer statistics from match events."""


def goal_tally(events):
    """Return {player: goals} from a list of goal events.

    Each event is a dict with "player" and "minute", and optionally
    "own_goal": True.  Own goals are not credited to the player.
    """
    tally = {}
    for event in events:
        if event.get("own_goal"):
            continue
        tally[event["player"]] = tally.get(event["player"], 0) + 1
    return tally


def top_scorers(events, n=3):
    """Return the ``n`` leading (player, goals) pairs, ties broken by name."""
    tally = goal_tally(events)
    ranked = sorted(tally.items(), key=lambda item: (-item[1], item[0]))
    return ranked[:n]
