from changelog import changelog_sections, latest_release, release_notes

CHANGELOG = """# Changelog

Notes for every release.

## 2.1.0 - 2024-03-02
- Added retry support
* Fixed timeout handling

## 2.0.1
  - Documentation fixes

## 2.0.0 - 2024-01-15
"""


def test_changelog_sections():
    assert changelog_sections(CHANGELOG) == {
        "2.1.0": ["Added retry support", "Fixed timeout handling"],
        "2.0.1": ["Documentation fixes"],
        "2.0.0": [],
    }


def test_bullets_before_first_heading_are_ignored():
    assert changelog_sections("- stray\n## 1.0.0\n- first\n") == {"1.0.0": ["first"]}
    assert changelog_sections("") == {}


def test_latest_release():
    assert latest_release(CHANGELOG) == "2.1.0"
    assert latest_release("# Changelog\n") is None


def test_release_notes():
    assert release_notes(CHANGELOG, "2.1.0") == "* Added retry support\n* Fixed timeout handling"
    assert release_notes(CHANGELOG, "9.9.9") == ""
