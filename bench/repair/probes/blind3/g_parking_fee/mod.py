import math

GRACE_MINUTES = 15
RATE_PER_HOUR = 2.50
DAILY_CAP = 20.00


def parking_fee(minutes):
    """Return the car park charge for a stay of the given length in minutes.

    Stays within the grace period are free; otherwise every started hour is
    charged at the hourly rate, up to the daily cap.
    """
    hours = math.ceil(minutes / 60)
    return min(hours * RATE_PER_HOUR, DAILY_CAP)
