def render_text(node):
    """Flatten a markup tree into plain text.

    A node is either a string or a tuple (tag, attributes, children).
    """
    tag, attributes, children = node
    if tag == "br":
        return "\n"
    text = "".join(render_text(child) for child in children)
    if tag == "p":
        text += "\n"
    return text
