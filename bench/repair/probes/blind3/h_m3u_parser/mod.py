def parse_m3u(text):
    """Parse extended M3U text into (title, path) pairs; entries without #EXTINF get title None."""
    entries = []
    title = None
    for line in text.splitlines():
        line = line.strip()
        if not line:
            continue
        if line.startswith("#EXTINF:"):
            title = line.split(",", 1)[1]
        elif not line.startswith("#"):
            entries.append((title, line))
    return entries
