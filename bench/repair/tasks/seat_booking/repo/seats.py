"""Booking seats in a small theatre."""


def can_book(seat, booked, blocked):
    """True when the seat is neither booked already nor blocked off."""
    return seat not in booked or seat not in blocked


def free_seats(seats, booked, blocked):
    """The seats that can still be booked, in their original order."""
    return [seat for seat in seats if can_book(seat, booked, blocked)]


def seat_label(row, number):
    """The printed label of a seat: row 'C', number 7 -> 'C7'."""
    return f"{row}{number}"
