import pytest

from mod import move


def make_tree():
    return {"home": {"ann": {"notes.txt": 120, "old": {}}}, "tmp": {}}


def test_move_file():
    tree = move(make_tree(), "/home/ann/notes.txt", "/tmp/notes.txt")
    assert tree == {"home": {"ann": {"old": {}}}, "tmp": {"notes.txt": 120}}


def test_rename_directory():
    tree = move(make_tree(), "/home/ann/old", "/home/ann/archive")
    assert tree["home"]["ann"] == {"notes.txt": 120, "archive": {}}


def test_destination_exists():
    tree = {"a.txt": 1, "b.txt": 2}
    with pytest.raises(FileExistsError):
        move(tree, "/a.txt", "/b.txt")
