from label_wrap import wrap_label, wrap_line


def test_short_text_stays_on_one_line():
    assert wrap_line("Ann Lee", 10) == ["Ann Lee"]
    assert wrap_line("  12 Mill Lane ", 12) == ["12 Mill Lane"]


def test_break_at_spaces():
    assert wrap_line("Unit 4 Riverside Trading Estate", 12) == ["Unit 4", "Riverside", "Trading", "Estate"]


def test_long_word_is_cut():
    assert wrap_line("Llanfairpwllgwyngyll", 8) == ["Llanfair", "pwllgwyn", "gyll"]


def test_one_word():
    assert wrap_line("York", 4) == ["York"]


def test_blank_text():
    assert wrap_line("   ", 5) == []


def test_wrap_label():
    lines = ["Dr Ann Lee", "Flat 2, Quay Road", "Poole BH15 1HJ"]
    assert wrap_label(lines, 10, 6) == ["Dr Ann Lee", "Flat 2,", "Quay Road", "Poole BH15", "1HJ"]
    assert wrap_label(lines, 10, 4) is None
