def price_of(prices, item):
    return prices[item]
