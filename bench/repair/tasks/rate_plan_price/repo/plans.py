"""Derived rate plans: each plan takes a discount off a parent plan, down to the base rate."""


def plan_rate(plans, name):
    """Nightly rate of the plan name, rounded to cents at every step.

    plans maps a plan name to a dict. The base plan has a "rate" and parent None; every
    other plan has a "parent" plan name and a "discount" fraction off the parent's rate.
    """
    plan = plans[name]
    return round(plan_rate(plans, plan["parent"]) * (1 - plan["discount"]), 2)


def plan_chain(plans, name):
    """The plan names from name up to the base plan, name first."""
    chain = [name]
    while plans[chain[-1]]["parent"] is not None:
        chain.append(plans[chain[-1]]["parent"])
    return chain


def cheapest_plan(plans):
    """The plan with the lowest rate; ties go to the alphabetically first name."""
    return min(sorted(plans), key=lambda name: plan_rate(plans, name))
