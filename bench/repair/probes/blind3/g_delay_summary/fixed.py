def delay_summary(records, threshold=5):
    """Summarise train punctuality.

    records is a list of (scheduled, actual) arrival datetimes. Returns a tuple
    (number of late trains, average delay in minutes of those late trains).
    A train is late when it arrives more than threshold minutes after schedule.
    """
    late = 0
    total = 0.0
    for scheduled, actual in records:
        delay = (actual - scheduled).total_seconds() / 60
        if delay > threshold:
            late += 1
            total += delay
    average = total / late if late else 0.0
    return late, average
