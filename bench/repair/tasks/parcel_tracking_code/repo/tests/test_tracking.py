from tracking import check_digit, country_of, is_valid_code, normalise_code


def test_check_digit():
    assert check_digit("12345678") == 5
    assert check_digit("00000000") == 5
    assert check_digit("00300000") == 0
    assert check_digit("47312482") == 9


def test_valid_codes():
    assert is_valid_code("RR123456785GB")
    assert is_valid_code("ee 000 000 005 us")


def test_wrong_check_digit():
    assert not is_valid_code("RR123456784GB")


def test_bad_shape():
    assert not is_valid_code("RR12345678GB")
    assert not is_valid_code("1R123456785GB")
    assert not is_valid_code("RR12345678XGB")


def test_country_must_be_letters():
    assert not is_valid_code("RR123456785G1")
    assert not is_valid_code("RR12345678512")
    assert country_of("RR123456785-5") is None


def test_country_of():
    assert country_of("rr 123 456 785 gb") == "GB"
    assert country_of("RR123456780GB") is None


def test_normalise_code():
    assert normalise_code(" ab 12 cd ") == "AB12CD"
