"""Seat labels for a theatre hall."""


def seat_labels(rows, seats_per_row):
    """Labels "A1", "A2", ...: row letter then seat number, row by row."""
    labels = []
    for row in range(rows):
        letter = chr(ord("A") + row)
        for seat in range(seats_per_row):
            labels.append(f"{letter}{row + 1}")
    return labels


def capacity(rows, seats_per_row):
    """Number of seats in the hall."""
    return rows * seats_per_row
