def assign_to_trucks(weights, capacity, truck_count):
    """Place each load on the first truck with room; return per-truck lists and unplaced loads."""
    trucks = [[] for _ in range(truck_count)]
    loads = [0] * truck_count
    unplaced = []
    for w in weights:
        for i in range(truck_count):
            if loads[i] + w > capacity:
                continue
            trucks[i].append(w)
            loads[i] += w
            break
        else:
            unplaced.append(w)
    return trucks, unplaced
