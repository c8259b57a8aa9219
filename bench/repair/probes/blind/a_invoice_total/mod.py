def invoice_total(lines, tax_rate):
    """lines: list of (unit_price, quantity). Returns gross total rounded to cents."""
    net = 0.0
    for unit_price, quantity in lines:
        net += unit_price * quantity
    gross = net * (1 + tax_rate)
    return gross
