from scans import missing_parcels, normalise, scan_counts, unique_scans

LOG = [" pk-1042", "PK-1043 ", "", "pk-1042", "PK-1044", "  ", "Pk-1043", "PK-1045"]


def test_normalise():
    assert normalise(" pk-1042 ") == "PK-1042"
    assert normalise("PK - 7") == "PK-7"
    assert normalise("   ") == ""


def test_unique_scans_without_repeats():
    assert unique_scans(["PK-1", " pk-2", "", "PK-3"]) == ["PK-1", "PK-2", "PK-3"]


def test_repeated_scans_listed_once():
    assert unique_scans(LOG) == ["PK-1042", "PK-1043", "PK-1044", "PK-1045"]
    assert unique_scans(["PK-9", "pk-9", " PK-9 "]) == ["PK-9"]


def test_missing_parcels():
    manifest = ["PK-1041", "PK-1042", "pk-1045", "PK-1046"]
    assert missing_parcels(manifest, LOG) == ["PK-1041", "PK-1046"]
    assert missing_parcels([], LOG) == []


def test_scan_counts():
    assert scan_counts(LOG) == {"PK-1042": 2, "PK-1043": 2, "PK-1044": 1, "PK-1045": 1}
    assert scan_counts(["", " "]) == {}
