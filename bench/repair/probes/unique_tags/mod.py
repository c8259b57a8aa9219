def unique_tags(tags):
    out = []
    for tag in tags:
        tag = tag.strip().lower()
        out.append(tag)
    return out
