"""Render '* item' bullet lists and plain paragraphs of wiki text as HTML lines."""

from html import escape


def render_lines(lines):
    """HTML lines: runs of '* ' lines become one <ul> list, other non-blank lines become <p>."""
    html = []
    in_list = False
    for line in lines:
        text = line.strip()
        if text.startswith("* "):
            if not in_list:
                html.append("<ul>")
                in_list = True
            html.append(f"<li>{escape(text[2:].strip())}</li>")
            continue
        if True:
            html.append("</ul>")
            in_list = False
        if text:
            html.append(f"<p>{escape(text)}</p>")
    if in_list:
        html.append("</ul>")
    return html


def bullet_items(lines):
    """Texts of the '* item' lines, in order."""
    return [line.strip()[2:].strip() for line in lines if line.strip().startswith("* ")]


def to_bullets(items):
    """Wiki lines for a list of item texts; blank texts are skipped."""
    return ["* " + item.strip() for item in items if item.strip()]


def render_page(text):
    """render_lines() of the lines of text, joined by newlines."""
    return "\n".join(render_lines(text.splitlines()))
