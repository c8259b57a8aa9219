"""Postage prices by weight band."""

# (heaviest weight in grams, price in pence), lightest band first.
STANDARD_BANDS = [(100, 85), (250, 135), (500, 190), (1000, 275), (2000, 340)]


def band_price(weight, bands=STANDARD_BANDS):
    """Price of the first band the weight fits in.

    None when the weight is not a positive number of grams or is over the heaviest band.
    """
    if weight > bands[-1][0]:
        return None
    for max_grams, price in bands:
        if weight <= max_grams:
            return price
    return None


def postage_total(weights, bands=STANDARD_BANDS):
    """Total price of the parcels that can be posted, and the indexes of those that cannot."""
    total = 0
    refused = []
    for index, weight in enumerate(weights):
        price = band_price(weight, bands)
        if price is None:
            refused.append(index)
        else:
            total += price
    return total, refused


def format_pence(pence):
    """'£3.40' for 340, '85p' for anything under a pound."""
    if pence < 100:
        return f"{pence}p"
    return f"£{pence // 100}.{pence % 100:02d}"
