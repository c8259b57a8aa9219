"""Battery levels of the station's wireless sensors.

The layout is a nested dict: each group maps names either to a sub-group
or to a sensor's battery level in percent (an int). Groups are never empty.
"""

LOW_BATTERY = 20


def lowest_battery(node):
    """The lowest battery level anywhere in node (a single level or a group)."""
    return min(lowest_battery(child) for child in node.values())


def low_sensors(group, prefix=""):
    """Sorted slash-separated paths of the sensors at or below LOW_BATTERY."""
    found = []
    for name, child in group.items():
        path = prefix + name
        if isinstance(child, dict):
            found.extend(low_sensors(child, path + "/"))
        elif child <= LOW_BATTERY:
            found.append(path)
    return sorted(found)


def sensor_count(group):
    """How many sensors the group holds, counting those in sub-groups."""
    return sum(sensor_count(child) if isinstance(child, dict) else 1 for child in group.values())
