class LoanTracker:
    def __init__(self, max_loans=3):
        self.max_loans = max_loans
        self.loans = {}

    def checkout(self, member, title):
        books = self.loans.setdefault(member, [])
        if len(books) >= self.max_loans or title in books:
            return False
        books.append(title)
        return True

    def return_book(self, member, title):
        books = self.loans.get(member, [])
        if title not in books:
            raise KeyError(title)

    def on_loan(self, member):
        return list(self.loans.get(member, []))
