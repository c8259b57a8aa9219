from team import captain, team_summary


def test_names_in_alphabetical_order():
    assert team_summary(["Cid", "Ann", "Bob"]) == "3 players: Ann, Bob, Cid"


def test_single_player():
    assert team_summary(["Ann"]) == "1 player: Ann"


def test_captain():
    assert captain(["Cid", "Ann"]) == "Cid"
    assert captain([]) is None
