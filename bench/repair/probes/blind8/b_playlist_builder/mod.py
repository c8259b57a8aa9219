"""Building a playlist that fits a listening session."""


def build_playlist(songs, max_minutes, clean_only=False):
    """Pick song titles, in order, that fit within max_minutes in total.

    Each song is a dict with "title", "seconds" and "explicit". A song that
    would push the playlist over the limit is skipped, but later, shorter
    songs may still be added. With clean_only set, explicit songs are left out.
    """
    chosen = []
    total = 0
    for song in songs:
        if song["explicit"]:
            continue
        if total + song["seconds"] > max_minutes * 60:
            continue
        chosen.append(song["title"])
        total += song["seconds"]
    return chosen
