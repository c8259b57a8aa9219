from mod import merge_records


def test_primary_values_win():
    a = {"name": "J. Doe", "phone": "555-0101", "allergies": []}
    b = {"name": "Jane Doe", "phone": "555-0199", "allergies": []}
    assert merge_records(a, b)["phone"] == "555-0101"


def test_blank_primary_filled_from_secondary():
    a = {"name": "Jane Doe", "phone": "", "email": None}
    b = {"name": "Jane Doe", "phone": "555-0199", "email": "jane@example.org"}
    merged = merge_records(a, b)
    assert merged["phone"] == "555-0199"
    assert merged["email"] == "jane@example.org"


def test_allergies_combined_without_duplicates():
    a = {"name": "Jane Doe", "allergies": ["penicillin", "latex"]}
    b = {"name": "Jane Doe", "allergies": ["latex", "aspirin"]}
    assert merge_records(a, b)["allergies"] == ["penicillin", "latex", "aspirin"]


def test_inputs_not_modified():
    a = {"name": "Jane Doe", "allergies": ["latex"]}
    b = {"name": "Jane Doe", "allergies": ["aspirin"]}
    merge_records(a, b)
    assert b["allergies"] == ["aspirin"]
