DE_MINIMIS = 150.0


def import_duty(declared_value, rate):
    """Return the duty owed on a declared shipment value, zero at or below the de minimis threshold."""
    return round(declared_value * rate, 2)
