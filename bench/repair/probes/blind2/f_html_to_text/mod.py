def html_to_text(html):
    """Strip tags from html and collapse whitespace; tags act as word separators."""
    pieces = []
    in_tag = False
    for ch in html:
        if ch == "<":
            in_tag = True
        elif ch == ">" and in_tag:
            pieces.append(" ")
        elif not in_tag:
            pieces.append(ch)
    return " ".join("".join(pieces).split())
