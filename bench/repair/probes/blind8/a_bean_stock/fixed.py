"""Coffee bean stock kept behind the counter, in grams."""


def restock(inventory, bean, grams):
    """Add grams of a bean to the inventory and return the new amount."""
    inventory[bean] = inventory.get(bean, 0) + grams
    return inventory[bean]


def brew(inventory, bean, grams):
    """Take grams of a bean for brewing and return what is left.

    Raises ValueError when there is not enough of that bean; the inventory
    is left untouched in that case.
    """
    available = inventory.get(bean, 0)
    if grams > available:
        raise ValueError(f"only {available} g of {bean} left")
    inventory[bean] = available - grams
    return inventory[bean]
