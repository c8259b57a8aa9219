"""Parse and format money amounts written as text, using integer cents."""


def parse_amount(text):
    """Parse text like "$1,234.50", "-12" or "(7.25)" into integer cents.

    Parentheses mean a negative amount (accounting style). Raises ValueError
    for text that is not an amount.
    """
    s = text.strip()
    negative = False
    if s.startswith("(") and s.endswith(")"):
        negative = True
        s = s[1:-1].strip()
    if s.startswith("-"):
        negative = not negative
        s = s[1:]
    s = s.replace("$", "")
    if "." in s:
        whole, frac = s.split(".")
        if len(frac) > 2 or not frac.isdigit():
            raise ValueError("bad cents in %r" % text)
        frac = frac.ljust(2, "0")
    else:
        whole, frac = s, "00"
    if not whole.isdigit():
        raise ValueError("not an amount: %r" % text)
    cents = int(whole) * 100 + int(frac)
    return -cents if negative else cents


def format_amount(cents):
    """Format integer cents as "$1,234.50" or "-$7.25"."""
    sign = "-" if cents < 0 else ""
    whole, frac = divmod(abs(cents), 100)
    return "%s$%s.%02d" % (sign, "{:,}".format(whole), frac)
