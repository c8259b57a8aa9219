def resolve(name, profiles):
    """Merge a profile with the profiles it extends (parents first)."""
    profile = profiles[name]
    merged = resolve(profile.get("extends"), profiles)
    for key, value in profile.items():
        if key != "extends":
            merged[key] = value
    return merged
