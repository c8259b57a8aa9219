"""Reading tariff rate files."""


def parse_rates(text):
    """Map tariff names to rates from lines like 'residential = 0.142'.

    Blank lines and comment lines (starting with '#', possibly indented) are skipped;
    names are lower-cased and rates are floats.
    """
    rates = {}
    for line in text.splitlines():
        if not line or line.startswith("#"):
            continue
        name, _, value = line.partition("=")
        rates[name.strip().lower()] = float(value)
    return rates


def format_rates(rates):
    """The text form of rates: one 'name = rate' line per tariff, sorted by name."""
    return "\n".join(f"{name} = {rates[name]}" for name in sorted(rates))


def rate_for(rates, tariff, default=None):
    """The rate of tariff (ignoring case and surrounding spaces), or default if unknown."""
    return rates.get(tariff.strip().lower(), default)
