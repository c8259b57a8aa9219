from mod import folder_duration


def track(seconds):
    return {"title": "t", "seconds": seconds}


def test_single_track():
    assert folder_duration(track(200)) == 200


def test_flat_folder():
    assert folder_duration({"name": "Album", "children": [track(100), track(150)]}) == 250


def test_nested_folders():
    tree = {"name": "Library", "children": [
        {"name": "A", "children": [track(60), track(90)]},
        {"name": "B", "children": [{"name": "B1", "children": [track(30)]}]},
        track(20),
    ]}
    assert folder_duration(tree) == 200


def test_empty_folder():
    assert folder_duration({"name": "Empty", "children": []}) == 0
