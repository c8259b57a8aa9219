from mod import weight_band, volumetric_weight, chargeable_weight, chargeable_band


def test_weight_band():
    assert weight_band(0.5) == "small"
    assert weight_band(7.3) == "medium"
    assert weight_band(25) == "large"
    assert weight_band(45) == "freight"


def test_volumetric_weight():
    assert volumetric_weight(50, 40, 30) == 12.0
    assert volumetric_weight(10, 10, 10) == 0.2


def test_chargeable_weight():
    assert chargeable_weight(3.0, 50, 40, 30) == 12.0
    assert chargeable_weight(15.0, 10, 10, 10) == 15.0


def test_chargeable_band():
    assert chargeable_band(1.0, 10, 10, 10) == "small"
    assert chargeable_band(3.0, 50, 40, 30) == "large"


def test_weight_exactly_on_band_limit():
    # a 2 kg parcel was charged as medium
    assert weight_band(2.0) == "small"
    assert weight_band(10.0) == "medium"
