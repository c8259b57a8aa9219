"""OllamaBackend against a real HTTP server on 127.0.0.1 that speaks Ollama's /api/chat
(non-streaming) and records every request body."""

from __future__ import annotations

import dataclasses
import json
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from devagent.agents.model_agent import strict_schema
from devagent.errors import ExitCode, ModelUnavailableError, TurnDeadlinePassed
from devagent.messages import DevAgentReply, SupervisorReply, parse_reply
from devagent.models.base import ChatMessage, GenerationSettings, ReplyFormat
from devagent.models.ollama_backend import DEFAULT_HOST, OllamaBackend

MODEL = "qwen2.5-coder:7b"
NAME = f"ollama:{MODEL}"
MESSAGES = [
    ChatMessage("system", "You are the Supervisor."),
    ChatMessage("user", "Review this patch."),
]
SUPERVISOR_FORMAT = ReplyFormat(json_schema=strict_schema(SupervisorReply))
DEV_SCHEMA = strict_schema(DevAgentReply)
SETTINGS = GenerationSettings(
    context_size=4096, max_tokens=300, temperature=0.1, seed=42, timeout_s=10, retry_backoff_s=0.01
)

DEV_REPLY = """```json
{"type": "patch", "content": "Fix add().", "commands": []}
```

```diff
--- a/calc.py
+++ b/calc.py
@@ -1,2 +1,2 @@
 def add(a, b):
-    return a - b
+    return a + b
```"""


def chat_response(content: str, prompt_eval_count: int = 26, eval_count: int = 12) -> dict[str, Any]:
    """A non-streaming /api/chat response in the format Ollama documents."""
    return {
        "model": MODEL,
        "created_at": "2025-01-01T12:00:00.000000Z",
        "message": {"role": "assistant", "content": content},
        "done": True,
        "done_reason": "stop",
        "total_duration": 5_191_566_416,
        "load_duration": 2_154_458,
        "prompt_eval_count": prompt_eval_count,
        "prompt_eval_duration": 383_809_000,
        "eval_count": eval_count,
        "eval_duration": 4_799_921_000,
    }


@dataclass
class RecordedRequest:
    method: str
    path: str
    body: dict[str, Any]


@dataclass
class FakeOllama:
    host: str = ""
    requests: list[RecordedRequest] = field(default_factory=list)
    status: int = 200
    failures: list[int] = field(default_factory=list)  # statuses answered before `status`
    delay_s: float = 0.0  # before each answer
    reply: dict[str, Any] = field(
        default_factory=lambda: chat_response('{"approved": true, "content": "ok"}')
    )


@pytest.fixture
def ollama() -> Iterator[FakeOllama]:
    fake = FakeOllama()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length", "0"))
            body = json.loads(self.rfile.read(length) or b"{}")
            fake.requests.append(RecordedRequest(self.command, self.path, body))
            time.sleep(fake.delay_s)
            if fake.failures:
                status, payload = fake.failures.pop(0), b'{"error": "server busy"}'
            else:
                status, payload = fake.status, json.dumps(fake.reply).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json; charset=utf-8")
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)
    thread.start()
    fake.host = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        yield fake
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


def backend(host: str | None, settings: GenerationSettings = SETTINGS) -> OllamaBackend:
    return OllamaBackend(NAME, MODEL, settings, host=host)


def test_json_only_request_is_constrained_by_the_schema(ollama: FakeOllama) -> None:
    completion = backend(ollama.host).complete(MESSAGES, SUPERVISOR_FORMAT)
    assert completion.text == '```json\n{"approved": true, "content": "ok"}\n```'
    assert len(ollama.requests) == 1
    request = ollama.requests[0]
    assert (request.method, request.path) == ("POST", "/api/chat")
    body = request.body
    assert body["model"] == MODEL
    assert body["messages"] == [
        {"role": "system", "content": "You are the Supervisor."},
        {"role": "user", "content": "Review this patch."},
    ]
    assert body["stream"] is False
    assert body["options"] == {"num_ctx": 4096, "num_predict": 300, "temperature": 0.1, "seed": 42}
    assert body["format"] == SUPERVISOR_FORMAT.json_schema
    # The request the backend documents is what went over the wire.
    documented = backend(ollama.host).request(MESSAGES, SUPERVISOR_FORMAT)
    assert {key: body[key] for key in documented} == documented


def test_json_only_reply_is_fenced_and_parses(ollama: FakeOllama) -> None:
    ollama.reply = chat_response('\n  {"approved": false, "content": "Keep the test."}  \n', 31, 17)
    completion = backend(ollama.host).complete(MESSAGES, SUPERVISOR_FORMAT)
    assert completion.text == '```json\n{"approved": false, "content": "Keep the test."}\n```'
    reply, diff = parse_reply(completion.text, SupervisorReply)
    assert reply == SupervisorReply(approved=False, content="Keep the test.")
    assert diff is None
    assert (completion.prompt_tokens, completion.completion_tokens) == (31, 17)
    assert completion.latency_s >= 0


@pytest.mark.parametrize("diff_paths", [("calc.py",), ()], ids=["calc.py", "any-path"])
def test_reply_with_a_diff_fence_is_not_schema_constrained(
    ollama: FakeOllama, diff_paths: tuple[str, ...]
) -> None:
    ollama.reply = chat_response(DEV_REPLY, 500, 80)
    completion = backend(ollama.host).complete(MESSAGES, ReplyFormat(DEV_SCHEMA, diff_paths))
    body = ollama.requests[0].body
    assert "format" not in body
    assert body["options"]["num_ctx"] == 4096
    assert body["stream"] is False
    assert completion.text == DEV_REPLY  # returned as written, fences and all
    reply, diff = parse_reply(completion.text, DevAgentReply)
    assert reply.type == "patch"
    assert diff is not None and diff.startswith("--- a/calc.py\n+++ b/calc.py\n")
    assert (completion.prompt_tokens, completion.completion_tokens) == (500, 80)


@pytest.mark.parametrize("context_size", [512, 2048, 8192, 32768])
def test_num_ctx_is_always_sent(ollama: FakeOllama, context_size: int) -> None:
    settings = GenerationSettings(context_size=context_size)
    backend(ollama.host, settings).complete(MESSAGES, SUPERVISOR_FORMAT)
    options = ollama.requests[0].body["options"]
    assert options["num_ctx"] == context_size
    assert options == {"num_ctx": context_size, "num_predict": 768, "temperature": 0.2, "seed": 0}


def test_missing_token_counts_are_zero(ollama: FakeOllama) -> None:
    reply = chat_response('{"approved": true, "content": "ok"}')
    del reply["prompt_eval_count"], reply["eval_count"]
    ollama.reply = reply
    completion = backend(ollama.host).complete(MESSAGES, SUPERVISOR_FORMAT)
    assert (completion.prompt_tokens, completion.completion_tokens) == (0, 0)


def unused_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    return port


def test_server_down_is_model_unavailable() -> None:
    host = f"http://127.0.0.1:{unused_port()}"
    with pytest.raises(ModelUnavailableError) as info:
        backend(host).complete(MESSAGES, SUPERVISOR_FORMAT)
    assert info.value.exit_code == ExitCode.MODEL_UNAVAILABLE
    assert info.value.message.startswith(f"{NAME} at {host}: ")
    assert "\n" not in info.value.message


def test_client_error_is_model_unavailable_without_retry(ollama: FakeOllama) -> None:
    ollama.status = 404
    ollama.reply = {"error": f"model '{MODEL}' not found"}
    with pytest.raises(ModelUnavailableError) as info:
        backend(ollama.host).complete(MESSAGES, SUPERVISOR_FORMAT)
    assert info.value.message == f"{NAME} at {ollama.host}: HTTP 404: model '{MODEL}' not found"
    assert len(ollama.requests) == 1


def test_server_error_is_retried_then_model_unavailable(ollama: FakeOllama) -> None:
    ollama.status = 500
    ollama.reply = {"error": "llama runner process has terminated"}
    with pytest.raises(ModelUnavailableError) as info:
        backend(ollama.host).complete(MESSAGES, SUPERVISOR_FORMAT)
    assert info.value.message == (
        f"{NAME} at {ollama.host}: HTTP 500: llama runner process has terminated (after 3 attempts)"
    )
    assert len(ollama.requests) == 3


@pytest.mark.parametrize("status", [429, 503])
def test_transient_errors_are_retried_until_the_server_answers(ollama: FakeOllama, status: int) -> None:
    ollama.failures = [status, status]
    completion = backend(ollama.host).complete(MESSAGES, SUPERVISOR_FORMAT)
    assert completion.text == '```json\n{"approved": true, "content": "ok"}\n```'
    assert len(ollama.requests) == 3


def test_retries_are_bounded_by_config(ollama: FakeOllama) -> None:
    ollama.failures = [503, 503]
    settings = GenerationSettings(timeout_s=10, retries=1, retry_backoff_s=0.01)
    with pytest.raises(ModelUnavailableError, match=r"HTTP 503: server busy \(after 2 attempts\)"):
        backend(ollama.host, settings).complete(MESSAGES, SUPERVISOR_FORMAT)
    assert len(ollama.requests) == 2


def test_host_falls_back_to_ollama_host_then_the_default(
    ollama: FakeOllama, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OLLAMA_HOST", ollama.host)
    from_env = OllamaBackend(NAME, MODEL, SETTINGS, host=None)
    assert from_env.host == ollama.host
    from_env.complete(MESSAGES, SUPERVISOR_FORMAT)
    assert len(ollama.requests) == 1
    monkeypatch.delenv("OLLAMA_HOST")
    assert OllamaBackend(NAME, MODEL, SETTINGS, host=None).host == DEFAULT_HOST


def test_backend_properties() -> None:
    ollama = backend("http://127.0.0.1:1")
    assert ollama.name == NAME


def test_a_reply_past_its_deadline_is_a_stall_not_retried(ollama: FakeOllama) -> None:
    ollama.delay_s = 1.0
    started = time.monotonic()
    late = dataclasses.replace(SUPERVISOR_FORMAT, deadline=started + 0.3)
    with pytest.raises(TurnDeadlinePassed, match="deadline"):
        backend(ollama.host).complete(MESSAGES, late)
    assert len(ollama.requests) == 1  # a deadline is not a transient error
    assert time.monotonic() - started < 1.0
