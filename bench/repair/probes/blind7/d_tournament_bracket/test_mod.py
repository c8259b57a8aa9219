from mod import play, players, rounds

RATINGS = {"ann": 1500, "bob": 1600, "cat": 1550, "dan": 1400}
BRACKET = (("ann", "bob"), ("cat", "dan"))


def test_winner():
    assert play(BRACKET, RATINGS) == "bob"


def test_single_player_bracket():
    assert play("ann", RATINGS) == "ann"


def test_tie_goes_left():
    assert play(("ann", "eve"), {"ann": 1500, "eve": 1500}) == "ann"


def test_players():
    assert players(BRACKET) == ["ann", "bob", "cat", "dan"]


def test_rounds():
    assert rounds(BRACKET) == 2
    assert rounds(("ann", ("bob", "cat"))) == 2
    assert rounds("ann") == 0
