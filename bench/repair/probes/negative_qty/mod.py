def add_stock(stock, item, qty):
    if item not in stock:
        raise KeyError(item)
    stock[item] += qty
    return stock
