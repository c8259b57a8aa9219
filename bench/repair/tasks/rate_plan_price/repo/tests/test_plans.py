from plans import cheapest_plan, plan_chain, plan_rate

PLANS = {
    "BAR": {"parent": None, "rate": 200.0},
    "ADVANCE": {"parent": "BAR", "discount": 0.1},
    "MEMBER": {"parent": "ADVANCE", "discount": 0.15},
    "CORPORATE": {"parent": "BAR", "discount": 0.235},
}


def test_derived_plan_rate():
    assert plan_rate(PLANS, "ADVANCE") == 180.0
    assert plan_rate(PLANS, "MEMBER") == 153.0


def test_base_plan_rate():
    assert plan_rate(PLANS, "BAR") == 200.0


def test_rate_is_rounded_to_cents():
    plans = {"BAR": {"parent": None, "rate": 99.99}, "WEB": {"parent": "BAR", "discount": 0.07}}
    assert plan_rate(plans, "WEB") == 92.99


def test_plan_chain():
    assert plan_chain(PLANS, "MEMBER") == ["MEMBER", "ADVANCE", "BAR"]
    assert plan_chain(PLANS, "BAR") == ["BAR"]


def test_cheapest_plan():
    assert cheapest_plan(PLANS) == "CORPORATE"
    assert cheapest_plan({"BAR": {"parent": None, "rate": 120.0}}) == "BAR"
