def should_irrigate(soil_moisture, threshold, rain_forecast_mm, rain_skip_mm=5.0):
    """Return True when the soil is drier than threshold and no significant rain is forecast."""
    if soil_moisture < threshold and rain_forecast_mm < rain_skip_mm:
        return True
    return False
