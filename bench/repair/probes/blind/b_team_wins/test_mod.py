from mod import tally_wins, champion


def test_tally_simple():
    assert tally_wins(["lions beat tigers", "bears beat lions"]) == {"lions": 1, "bears": 1}


def test_tally_mixed_case():
    results = ["Lions beat Tigers", "lions beat Bears", "Tigers beat Bears"]
    assert tally_wins(results) == {"lions": 2, "tigers": 1}


def test_champion():
    results = ["Hawks beat Owls", "owls beat Crows", "HAWKS beat crows", "Crows beat Owls"]
    assert champion(results) == "hawks"
