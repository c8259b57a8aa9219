"""Electricity tariff bands and their prices."""


def normalise_band(name):
    """A band name as it is stored: trimmed and lower case ('  Off-Peak ' -> 'off-peak')."""
    return name.strip().lower()


def parse_tariff(text):
    """Band -> price per kWh from lines like 'Peak: 0.32'; blank lines are ignored."""
    rates = {}
    for line in text.splitlines():
        if not line.strip():
            continue
        band, price = line.split(":")
        rates[normalise_band(band)] = float(price)
    return rates


def rate_for(rates, band, default=None):
    """The price per kWh of band in rates, whatever its case and padding, else default."""
    return rates.get(band, default)


def usage_cost(rates, usage):
    """Cost of usage (band -> kWh), rounded to 2 places; bands without a price cost nothing."""
    return round(sum(kwh * rate_for(rates, band, 0.0) for band, kwh in usage.items()), 2)
