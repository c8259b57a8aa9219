"""Flagging pets that are losing weight between visits."""


def weight_alerts(records, threshold=10.0):
    """Names of pets whose weight fell by threshold percent or more, sorted.

    records maps a pet's name to its weights in visit order. The first and
    last visits are compared; pets with fewer than two visits are skipped.
    """
    alerts = []
    for name, weights in records.items():
        if len(weights) < 2:
            continue
        change = (weights[-1] - weights[0]) / weights[0] * 100
        if change < -threshold:
            alerts.append(name)
    return sorted(alerts)
