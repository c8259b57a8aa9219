"""Helpers for config-style text where '#' starts a comment line."""


def is_comment(line):
    """True for lines whose first non-space character is '#'."""
    return line.lstrip().startswith("#")


def code_lines(lines):
    """Lines that are neither blank nor comments, without trailing spaces."""
    result = []
    for line in lines:
        if not line.strip() or is_comment(line):
            continue
        result.append(line.rstrip())
    return result


def header_comments(lines):
    """Text of the leading comment lines, up to the first other line."""
    header = []
    for line in lines:
        if not is_comment(line):
            break
        header.append(line.lstrip()[1:].strip())
    return header


def parse_settings(lines):
    """Parse 'key = value' code lines into a dict; later keys win."""
    settings = {}
    for line in code_lines(lines):
        key, _, value = line.partition("=")
        settings[key.strip()] = value.strip()
    return settings
