def parse_config(text):
    config = {}
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        key, value = line.split("=", 1)
        config[key.strip()] = value.strip()
    return config
