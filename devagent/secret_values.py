"""What counts as a secret, the environment every subprocess gets without them, and the
redaction of secrets from everything Dev Agent writes.

A variable is a secret by its name (KEY, TOKEN, PASSWORD...), or by its value: a URL with
a password (also with an empty user, `redis://:pw@host`), a token of a known shape, a
JWT, a webhook URL (Slack, Discord, Teams, ...), a PEM block. `scrubbed_environment`
drops them. A test can still print a secret it found elsewhere, or the tool's own
environment may reach output another way, so `redact` removes from a text the values of
this process's secret variables and anything shaped like a secret (those shapes, and a
password hash as /etc/shadow holds it); the run log, the PR record and body, commit
messages and model prompts all pass through it."""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from typing import Any

REDACTED = "[redacted]"

# Variable-name fragments (matched case-insensitively) that mark a secret.
_SECRET_NAME_PARTS: tuple[str, ...] = (
    "KEY",
    "TOKEN",
    "SECRET",
    "PASSW",
    "PASSPHRASE",
    "CREDENTIAL",
    "AUTH",
    "COOKIE",
    "SESSION",
    "PRIVATE",
    "WEBHOOK",
)
# Whole names that hold secrets without saying so, and "*_PASS"-style names.
_SECRET_NAMES: frozenset[str] = frozenset({"DATABASE_URL", "SENTRY_DSN", "REDIS_URL"})
_SECRET_NAME_RE = re.compile(r"(?:^|_)(?:PASS|PAT|BEARER|DSN)(?:$|_)", re.IGNORECASE)

# A URL carrying a password; the user part may be empty (`redis://:pw@host`).
URL_PASSWORD = re.compile(r"(?P<head>[A-Za-z][A-Za-z0-9+.-]*://[^/\s:@]*:)(?P<password>[^/\s@]+)@")
# Values shaped like well-known tokens (also inside a URL's user part: https://ghp_...@github.com).
_TOKEN_SHAPES = re.compile(
    r"(?<![A-Za-z0-9_-])(?:gh[pousr]_[A-Za-z0-9]{16,}|github_pat_[A-Za-z0-9_]{16,}|glpat-[A-Za-z0-9_-]{16,}"
    r"|xox[abprs]-[A-Za-z0-9-]{8,}|sk-[A-Za-z0-9_-]{16,}|AKIA[0-9A-Z]{16}|AIza[0-9A-Za-z_-]{30,}"
    r"|hf_[A-Za-z0-9]{30,}|npm_[A-Za-z0-9]{30,}|pypi-[A-Za-z0-9_-]{40,})"
)
# In a variable's value a token's prefix is enough (the text redaction wants the length).
_TOKEN_PREFIXES = re.compile(
    r"(?:ghp_|gho_|ghu_|ghs_|ghr_|github_pat_|glpat-|xox[abprs]-|sk-[A-Za-z0-9_-]{16}|AKIA[0-9A-Z]{16})"
)
# header.payload.signature, both JSON parts base64url: they start with `{"` = "eyJ".
_JWT = re.compile(r"eyJ[A-Za-z0-9_-]{4,}\.eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*")
# Incoming-webhook URLs: the URL itself is the credential.
_WEBHOOK = re.compile(
    r"https?://(?:hooks\.slack\.com/(?:services|workflows|triggers)/"
    r"|(?:[\w-]+\.)?discord(?:app)?\.com/api/webhooks/"
    r"|[\w.-]*webhook\.office\.com/|outlook\.office\.com/webhook/"
    r"|hooks\.zapier\.com/hooks/|chat\.googleapis\.com/v1/spaces/)[^\s\"'<>]*",
    re.IGNORECASE,
)
# A whole block (only base64, header fields and line breaks, also escaped ones, between its
# lines: code that merely names the markers is left alone), or a BEGIN line with key
# material after it when the END was cut off.
_PEM = re.compile(
    r"-----BEGIN ([A-Z0-9 ]+)-----[A-Za-z0-9+/=\s:,.\\-]*?-----END \1-----"
    r"|-----BEGIN [A-Z0-9 ]+-----(?:(?:\r?\n|\\n)[A-Za-z0-9+/=]{16,})+"
)
# A crypt(3) password hash as /etc/shadow holds it ($1$ MD5, $5$/$6$ SHA, $y$ yescrypt,
# $2b$ bcrypt...): salt and hash after the id.
_CRYPT_HASH = re.compile(r"\$(?:1|2[abxy]?|5|6|7|y|gy|sha1|md5)\$[./A-Za-z0-9]+\$[./A-Za-z0-9$]{16,}")
_VALUE_SHAPES = (_TOKEN_PREFIXES, _TOKEN_SHAPES, _JWT, _WEBHOOK, re.compile(r"-----BEGIN [A-Z0-9 ]+-----"))
# Shorter values of secret variables are not redacted from text: "1", "true" or
# DESKTOP_SESSION=ubuntu would blank out words all over a log, and are no credentials.
_MIN_REDACTED_CHARS = 8


def is_secret(name: str, value: str) -> bool:
    """Secret by name (KEY, TOKEN, ...), by exact name, or by the shape of its value."""
    upper = name.upper()
    if upper in _SECRET_NAMES or _SECRET_NAME_RE.search(upper):
        return True
    # "AUTH" marks a secret, but GIT_AUTHOR_NAME is a name (and text must keep it).
    if any(part in upper.replace("AUTHOR", "") for part in _SECRET_NAME_PARTS):
        return True
    if URL_PASSWORD.search(value) is not None:
        return True
    return any(shape.search(value) is not None for shape in _VALUE_SHAPES)


def scrubbed_environment(base: Mapping[str, str] | None = None) -> dict[str, str]:
    """Copy of `base` (default os.environ) without anything that looks like a secret,
    so neither a test suite nor a model-chosen command can read or leak credentials;
    also stops stray .pyc files in the worktree and git from prompting on a tty."""
    source = os.environ if base is None else base
    env = {name: value for name, value in source.items() if not is_secret(name, value)}
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    env["GIT_TERMINAL_PROMPT"] = "0"
    return env


def secret_values(base: Mapping[str, str] | None = None) -> list[str]:
    """The values of the secret variables of `base` (default os.environ), longest first
    (so a value that contains another is replaced whole)."""
    source = os.environ if base is None else base
    values = {
        value.strip()
        for name, value in source.items()
        if len(value.strip()) >= _MIN_REDACTED_CHARS and is_secret(name, value)
    }
    return sorted(values, key=len, reverse=True)


def redact(text: str, base: Mapping[str, str] | None = None) -> str:
    """`text` without the values of the secret variables of `base` (default os.environ)
    and without anything shaped like a secret (URL passwords, tokens, JWTs, webhook
    URLs, PEM blocks, password hashes)."""
    return _redact(text, secret_values(base))


def _redact(text: str, values: list[str]) -> str:
    if not text:
        return text
    for value in values:
        if value in text:
            text = text.replace(value, REDACTED)
    text = URL_PASSWORD.sub(lambda m: f"{m.group('head')}{REDACTED}@", text)
    for shape in (_PEM, _WEBHOOK, _JWT, _TOKEN_SHAPES, _CRYPT_HASH):
        text = shape.sub(REDACTED, text)
    return text


def redact_data(data: Any, base: Mapping[str, str] | None = None) -> Any:
    """`data` (JSON-like: dicts, lists, strings) with `redact` applied to every string."""
    return _redact_data(data, secret_values(base))


def _redact_data(data: Any, values: list[str]) -> Any:
    if isinstance(data, str):
        return _redact(data, values)
    if isinstance(data, dict):
        return {key: _redact_data(value, values) for key, value in data.items()}
    if isinstance(data, list | tuple):
        return [_redact_data(value, values) for value in data]
    return data
