"""Folders of playlists in the sidebar.

A playlist is {"name": str, "tracks": [str, ...]};
a folder is {"name": str, "items": [playlists and folders]}.
"""


def count_tracks(node):
    """Number of tracks in a playlist, or in all the playlists inside a folder."""
    return sum(count_tracks(item) for item in node["items"])


def playlist_paths(node, prefix=""):
    """'Folder/Subfolder/Playlist' path of every playlist under node, in sidebar order."""
    path = prefix + node["name"]
    if "tracks" in node:
        return [path]
    paths = []
    for item in node["items"]:
        paths.extend(playlist_paths(item, path + "/"))
    return paths


def folder_depth(node):
    """How many folder levels node has: 0 for a playlist, 1 for a folder without subfolders."""
    if "tracks" in node:
        return 0
    return 1 + max((folder_depth(item) for item in node["items"]), default=0)
