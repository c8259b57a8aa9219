"""Shopping within a budget."""


def affordable(items, budget):
    """Names of the (name, price) items bought in list order, skipping any item that would
    take the total spent past budget."""
    spent = 0
    bought = []
    for name, price in items:
        if spent + price > budget:
            continue
        bought.append(name)
    return bought


def leftover(items, budget):
    """Budget left after paying for all of the (name, price) items (negative when over)."""
    return budget - sum(price for _, price in items)
