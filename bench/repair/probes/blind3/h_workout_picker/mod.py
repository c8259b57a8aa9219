def pick_tracks(tracks, min_bpm, max_bpm, clean=False):
    """Return titles of tracks whose BPM is within [min_bpm, max_bpm], skipping explicit ones in clean mode."""
    picked = []
    for t in tracks:
        if min_bpm <= t["bpm"] <= max_bpm:
            picked.append(t["title"])
    return picked
