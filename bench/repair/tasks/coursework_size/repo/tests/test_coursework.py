from coursework import file_paths, folder_size, oversized_folders


def test_size_of_single_file():
    assert folder_size(120) == 120


def test_size_of_nested_folders():
    folder = {
        "history": {"essay.docx": 40, "sources": {"map.png": 300, "notes.txt": 2}},
        "maths": {"homework1.pdf": 55},
        "readme.txt": 1,
    }
    assert folder_size(folder) == 398


def test_empty_folder_has_size_zero():
    assert folder_size({}) == 0
    assert folder_size({"art": {}, "music": {"scores": {}}}) == 0


def test_oversized_folders():
    folder = {
        "art": {"portfolio.pdf": 900, "sketch.jpg": 150},
        "english": {"poem.txt": 3},
        "science": {"lab": {"results.csv": 20, "graph.png": 500}},
        "timetable.pdf": 2000,
    }
    assert oversized_folders(folder, 500) == ["art", "science"]


def test_file_paths():
    folder = {"maths": {"algebra": {"sheet2.pdf": 10, "sheet1.pdf": 12}}, "cover.txt": 1}
    assert file_paths(folder) == ["cover.txt", "maths/algebra/sheet1.pdf", "maths/algebra/sheet2.pdf"]


def test_file_paths_of_empty_folder():
    assert file_paths({"drafts": {}}) == []
