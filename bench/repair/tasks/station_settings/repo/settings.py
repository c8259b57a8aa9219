"""Reading values out of the weather station's nested configuration."""

DEFAULTS = {
    "station": {"name": "Backyard", "altitude_m": 0},
    "sensors": {"rain": {"bucket_mm": 0.2}, "wind": {"cups": 3}},
    "upload": {"interval_min": 5},
}


def lookup(config, keys):
    """The value at the key path keys (a list of keys) inside the nested dicts of config.

    Raises KeyError when a key along the path is missing.
    """
    return lookup(config[keys[0]], keys[1:])


def setting(config, dotted, default=None):
    """The value for a dotted name such as 'sensors.rain.bucket_mm', or default if unset."""
    try:
        return lookup(config, dotted.split("."))
    except (KeyError, TypeError):
        return default


def merged(base, override):
    """A new config with override's values laid over base, merging nested sections."""
    result = dict(base)
    for key, value in override.items():
        if isinstance(value, dict) and isinstance(result.get(key), dict):
            result[key] = merged(result[key], value)
        else:
            result[key] = value
    return result
