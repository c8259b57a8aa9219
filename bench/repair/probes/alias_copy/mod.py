def with_item(items, item):
    result = items
    result.append(item)
    return result
