from datetime import timedelta

MINUTES_PER_COIN = {200: 60, 100: 30, 50: 15, 20: 6}
MAX_STAY_MINUTES = 120


def meter_expiry(now, coins):
    """Return when a parking meter expires after the given coins (in pence).

    Unrecognised coins buy no time, and the meter never sells more than the
    maximum permitted stay.
    """
    minutes = sum(MINUTES_PER_COIN.get(coin, 0) for coin in coins)
    return now + timedelta(minutes=min(minutes, MAX_STAY_MINUTES))
