from print_queue import normalise_code, print_queue, sheets_needed


def test_copies():
    requests = [{"code": "ab1"}, {"code": "cd2", "copies": 2}]
    assert print_queue(requests) == ["AB1", "CD2", "CD2"]


def test_repeated_request_printed_once():
    requests = [{"code": "AB1"}, {"code": " ab1 "}, {"code": "CD2"}, {"code": "AB1", "copies": 3}]
    assert print_queue(requests) == ["AB1", "CD2"]


def test_void_requests_skipped():
    requests = [{"code": "AB1", "status": "void"}, {"code": "CD2", "status": "ready"}]
    assert print_queue(requests) == ["CD2"]


def test_voided_code_can_be_requested_again():
    requests = [{"code": "AB1", "status": "void"}, {"code": "ab1", "copies": 2}]
    assert print_queue(requests) == ["AB1", "AB1"]


def test_empty_queue():
    assert print_queue([]) == []
    assert sheets_needed([], 4) == 0


def test_sheets_needed():
    assert sheets_needed(["A"] * 8, 4) == 2
    assert sheets_needed(["A"] * 9, 4) == 3


def test_normalise_code():
    assert normalise_code("  rr12gb ") == "RR12GB"
