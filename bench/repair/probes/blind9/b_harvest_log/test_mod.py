import pytest

from mod import HarvestLog


def test_totals_add_up():
    log = HarvestLog()
    log.add("courgette", 800)
    log.add("courgette", 650)
    assert log.total("courgette") == 1450
    assert log.total("leek") == 0


def test_rejects_empty_harvest():
    log = HarvestLog()
    with pytest.raises(ValueError):
        log.add("beans", 0)


def test_summary_is_alphabetical_in_kg():
    log = HarvestLog()
    log.add("tomato", 2300)
    log.add("beans", 450)
    log.add("potato", 5000)
    log.add("beans", 300)
    assert log.summary() == ["beans: 0.8 kg", "potato: 5.0 kg", "tomato: 2.3 kg"]
