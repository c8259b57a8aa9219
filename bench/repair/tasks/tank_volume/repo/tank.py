"""Capacities of water tanks."""

import math

CM3_PER_LITRE = 1000


def cylinder_litres(radius_cm, height_cm):
    """Capacity in litres of an upright cylindrical tank."""
    return math.pi * radius_cm * 2 * height_cm / CM3_PER_LITRE


def box_litres(width_cm, depth_cm, height_cm):
    """Capacity in litres of a rectangular tank."""
    return width_cm * depth_cm * height_cm / CM3_PER_LITRE


def fill_minutes(litres, flow_per_minute):
    """Minutes needed to fill litres at flow_per_minute litres a minute."""
    return litres / flow_per_minute
