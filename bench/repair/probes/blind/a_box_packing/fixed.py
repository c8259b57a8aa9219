def pack_boxes(weights, max_weight):
    """Pack item weights in order into boxes, starting a new box when one is full."""
    boxes = []
    current = []
    current_weight = 0
    for weight in weights:
        if current and current_weight + weight > max_weight:
            boxes.append(current)
            current = []
            current_weight = 0
        current.append(weight)
        current_weight += weight
    if current:
        boxes.append(current)
    return boxes
