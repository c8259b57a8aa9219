"""Entry barrier logic for a multi-storey car park."""


def can_enter(garage, plate, height_cm):
    """Decide whether the barrier opens for a vehicle.

    Permit holders may enter even when every public space is taken; everyone
    else needs a free space. Vehicles taller than the clearance and blocked
    plates are always refused.
    """
    if height_cm > garage["clearance_cm"]:
        return False
    if plate in garage["blocked"]:
        return False
    if garage["occupied"] >= garage["capacity"]:
        return False
    return True
