"""Turning a typed-in delivery address into the lines of a shipping label."""

MAX_LINES = 5


def label_lines(address):
    """The non-blank lines of address, stripped, with the last line (the postcode) upper-cased.

    Raises ValueError when more than MAX_LINES lines remain.
    """
    lines = [line for line in address.splitlines() if line.strip()]
    if len(lines) > MAX_LINES:
        raise ValueError("address has too many lines for a label")
    if lines:
        lines[-1] = lines[-1].upper()
    return lines


def label_text(address, recipient=""):
    """The label as one string: the recipient (if any) on top, then the address lines."""
    lines = label_lines(address)
    if recipient.strip():
        lines.insert(0, recipient.strip())
    return "\n".join(lines)


def postcode_of(address):
    """The postcode line of the address with its spaces removed, or '' for an empty address."""
    lines = label_lines(address)
    return lines[-1].replace(" ", "") if lines else ""
