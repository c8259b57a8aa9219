from mod import abnormal_vitals, needs_urgent_review


def test_all_normal():
    assert abnormal_vitals({"pulse": 72, "temp": 36.8, "resp": 16, "spo2": 98}) == []


def test_single_abnormal():
    assert abnormal_vitals({"pulse": 120, "temp": 36.8, "resp": 16}) == ["pulse"]


def test_several_abnormal():
    assert abnormal_vitals({"pulse": 48, "temp": 38.4, "resp": 16}) == ["pulse", "temp"]


def test_missing_values_ignored():
    assert abnormal_vitals({"temp": 35.0}) == ["temp"]


def test_urgent_review():
    assert needs_urgent_review({"pulse": 130, "spo2": 89}) is True
