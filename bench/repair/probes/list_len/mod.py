def length(node):
    return 1 + length(node.next)
