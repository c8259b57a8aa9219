def low_battery_devices(devices, threshold=20):
    """Return names of devices below the battery threshold that are not charging."""
    alerts = []
    for dev in devices:
        if dev["battery"] < threshold:
            alerts.append(dev["name"])
    return sorted(alerts)
