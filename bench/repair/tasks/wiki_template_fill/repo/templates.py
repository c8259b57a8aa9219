"""Tiny page templates with {{ name }} placeholders."""


def placeholders(template):
    """Names used in the {{ name }} placeholders of template, in order of first use."""
    names = []
    pos = 0
    while True:
        start = template.find("{{", pos)
        end = template.find("}}", start + 2)
        if start == -1 or end == -1:
            return names
        name = template[start + 2:end].strip()
        if name not in names:
            names.append(name)
        pos = end + 2


def fill(template, values, default=""):
    """template with each {{ name }} replaced by str(values[name]), or default for unknown names."""
    out = []
    pos = 0
    while True:
        start = template.find("{{", pos)
        end = template.find("}}", start + 2)
        if start == -1 or end == -1:
            break
        out.append(template[pos:start])
        name = template[start + 2:end].strip()
        out.append(str(values.get(name, default)))
        pos = end + 2
    return "".join(out)


def missing_values(template, values):
    """Placeholder names of template that values does not provide."""
    return [name for name in placeholders(template) if name not in values]


def fill_all(template, rows):
    """fill() the template for every row dict that provides all of its placeholders."""
    return [fill(template, row) for row in rows if not missing_values(template, row)]
