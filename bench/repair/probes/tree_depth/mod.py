def depth(node):
    return 1 + max(depth(child) for child in node["children"])
