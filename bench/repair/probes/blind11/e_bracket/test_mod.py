from mod import players_in, rounds_needed, predicted_winner, matches_to_play

RATINGS = {"Ann": 1800, "Bob": 1700, "Cid": 1650, "Dee": 1900}


def test_players_in():
    assert players_in((("Ann", "Bob"), ("Cid", "Dee"))) == ["Ann", "Bob", "Cid", "Dee"]
    assert players_in("Ann") == ["Ann"]


def test_rounds_needed():
    assert rounds_needed((("Ann", "Bob"), ("Cid", "Dee"))) == 2
    assert rounds_needed((("Ann", "Bob"), "Cid")) == 2
    assert rounds_needed("Ann") == 0


def test_predicted_winner_simple():
    assert predicted_winner("Ann", RATINGS) == "Ann"
    assert predicted_winner(("Ann", "Bob"), RATINGS) == "Ann"


def test_predicted_winner_from_second_half():
    assert predicted_winner((("Ann", "Bob"), ("Cid", "Dee")), RATINGS) == "Dee"


def test_matches_to_play():
    assert matches_to_play((("Ann", "Bob"), ("Cid", "Dee"))) == 3
    assert matches_to_play("Ann") == 0
