from titles import longest_title, total_characters


def test_longest_title():
    assert longest_title(["Dune", "Foundation", "Emma"]) == "Foundation"


def test_total_characters():
    assert total_characters(["ab", "cde"]) == 5
