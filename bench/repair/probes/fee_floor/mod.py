def after_fee(balance, fee):
    return balance - fee
