from mod import OrderQueue


def test_tickets_count_up():
    q = OrderQueue()
    assert q.place("Ana", "latte") == 1
    assert q.place("Ben", "mocha") == 2


def test_serve_returns_oldest_first():
    q = OrderQueue()
    q.place("Ana", "latte")
    q.place("Ben", "mocha")
    assert q.serve() == ("Ana", "latte")
    assert q.serve() == ("Ben", "mocha")
    assert q.waiting() == 0


def test_serve_on_empty_queue():
    assert OrderQueue().serve() is None


def test_ticket_numbers_keep_going_after_serving():
    q = OrderQueue()
    q.place("Ana", "latte")
    q.place("Ben", "mocha")
    q.serve()
    assert q.place("Cleo", "flat white") == 3


def test_served_counter():
    q = OrderQueue()
    q.place("Ana", "latte")
    q.serve()
    q.serve()
    assert q.served == 1
