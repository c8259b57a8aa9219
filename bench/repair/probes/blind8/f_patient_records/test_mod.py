from mod import parse_patient, count_by_species


def test_parse_simple_line():
    assert parse_patient("Rex;dog;4") == {"name": "Rex", "species": "dog", "age": 4}


def test_parse_line_with_spaces():
    assert parse_patient("  Mia ; Cat ; 7 ") == {"name": "Mia", "species": "cat", "age": 7}


def test_count_by_species():
    lines = ["Rex; dog; 4", "Mia; Cat; 7", "", "Bo; DOG; 1", "   "]
    assert count_by_species(lines) == {"dog": 2, "cat": 1}
