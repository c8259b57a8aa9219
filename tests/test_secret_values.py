"""Secret detection and redaction (devagent/secret_values.py): what is caught, and the
ordinary text it must leave alone (a redaction that blanks out code or names would
make prompts and logs useless)."""

from __future__ import annotations

import pytest

from devagent.secret_values import REDACTED, is_secret, redact, redact_data, scrubbed_environment


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("CACHE", "redis://:hunter2hunter2@cache:6379/0"),
        ("BROKER", "amqp://user:pw@mq.internal//"),
        ("ID", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl"),
        ("NOTIFY", "https://hooks.slack.com/services/T0/B0/abc"),
        ("TEAMS", "https://acme.webhook.office.com/webhookb2/x"),
        ("CERT", "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n"),
        ("SLACK_WEBHOOK", "anything"),
        ("UPSTREAM", "https://github_pat_11ABC@github.com/o/r.git"),
    ],
)
def test_secret_by_name_or_shape(name: str, value: str) -> None:
    assert is_secret(name, value)
    assert name not in scrubbed_environment({name: value, "PATH": "/bin"})


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("GIT_AUTHOR_NAME", "Test Author"),
        ("GIT_AUTHOR_EMAIL", "author@example.invalid"),
        ("HOME", "/home/user"),
        ("URL", "https://example.com:8443/path@v2"),
    ],
)
def test_not_a_secret(name: str, value: str) -> None:
    assert not is_secret(name, value)


def test_redaction_keeps_ordinary_text() -> None:
    text = (
        'if line.startswith("-----BEGIN CERTIFICATE-----"):\n    parse(line)\n'
        'END = "-----END CERTIFICATE-----"\n'
        "risk-assessment-module-name, git@github.com:acme/calc.git, http://host:8080/a@b\n"
    )
    assert redact(text, {"DESKTOP_SESSION": "ubuntu"}) == text


def test_redaction_removes_values_of_secret_variables_and_shapes() -> None:
    env = {"MY_PASSWORD": "correct-horse-battery", "HOME": "/root"}
    text = "pw=correct-horse-battery home=/root db=postgres://app:s3cr3tpass@db/app"
    assert redact(text, env) == f"pw={REDACTED} home=/root db=postgres://app:{REDACTED}@db/app"
    nested = redact_data({"a": [text, 1, None], "b": {"c": text}}, env)
    assert "correct-horse-battery" not in str(nested) and nested["a"][1:] == [1, None]
