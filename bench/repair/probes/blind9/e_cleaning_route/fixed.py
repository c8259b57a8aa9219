"""Housekeeping route: rooms to clean, grouped by floor."""


def _floor_line(floor, rooms):
    return f"Floor {floor}: " + ", ".join(str(r) for r in rooms)


def cleaning_route(rooms):
    """Lines like "Floor 1: 101, 104", lowest floor and room first.

    Room numbers are floor * 100 + door number.
    """
    if not rooms:
        return []
    lines = []
    group = []
    current_floor = None
    for room in sorted(rooms):
        floor = room // 100
        if floor != current_floor and group:
            lines.append(_floor_line(current_floor, group))
            group = []
        current_floor = floor
        group.append(room)
    lines.append(_floor_line(current_floor, group))
    return lines
