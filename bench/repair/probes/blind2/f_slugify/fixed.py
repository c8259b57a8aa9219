import re
import unicodedata


def slugify(title, max_length=50):
    text = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode("ascii")
    text = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    if len(text) > max_length:
        text = text[:max_length].rstrip("-")
    return text
