"""OpenAIBackend against two kinds of server on 127.0.0.1:

- a REAL llama-cpp-python server (`python -m llama_cpp.server`, bench/servers.py) running
  the embedded SmolLM2-135M model: tests named `test_real_server_*`, marked `model`;
- a scripted HTTP server that records every request body and answers with queued,
  hand-written replies: tests named `test_scripted_*`."""

from __future__ import annotations

import dataclasses
import json
import socket
import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from devagent.agents.model_agent import reply_format_for, strict_schema
from devagent.agents.roles import ROLES
from devagent.errors import ExitCode, ModelUnavailableError, TurnDeadlinePassed
from devagent.interrupt import STOP, Interrupted
from devagent.messages import DevAgentReply, ReviewerReply, SupervisorReply, parse_reply
from devagent.models.base import ChatMessage, GenerationSettings, ReplyFormat, estimate_tokens
from devagent.models.grammar import reply_grammar
from devagent.models.openai_backend import Mode, OpenAIBackend, Setting, reset_detection

MODEL = "qwen2.5-coder-7b"
SUPERVISOR_FORMAT = ReplyFormat(strict_schema(SupervisorReply))
# The DevAgent format as the agent builds it: the patch must carry its diff.
DEV_FORMAT = reply_format_for(ROLES["DevAgent"], ("calc.py",))
SETTINGS = GenerationSettings(max_tokens=300, temperature=0.1, seed=42, timeout_s=10, retry_backoff_s=0.01)
MESSAGES = [
    ChatMessage("system", "You are the Supervisor."),
    ChatMessage("user", "Review this patch."),
]
SUPERVISOR_JSON = '{"approved": true, "content": "ok"}'
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


@pytest.fixture(autouse=True)
def _fresh_detection() -> Iterator[None]:
    """Auto mode remembers servers module-wide; no test may see another's."""
    reset_detection()
    yield
    reset_detection()


# --- the scripted server -------------------------------------------------------------


def chat_response(content: str, usage: dict[str, Any] | None = None) -> dict[str, Any]:
    """A non-streaming /v1/chat/completions response as OpenAI documents it."""
    return {
        "id": "chatcmpl-1",
        "object": "chat.completion",
        "created": 1_735_732_800,
        "model": MODEL,
        "choices": [
            {"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}
        ],
        "usage": usage if usage is not None else {"prompt_tokens": 26, "completion_tokens": 12},
    }


@dataclass
class Scripted:
    status: int
    body: bytes
    delay_s: float = 0.0


@dataclass
class ScriptedServer:
    base_url: str = ""
    paths: list[str] = field(default_factory=list)
    bodies: list[dict[str, Any]] = field(default_factory=list)
    queue: list[Scripted] = field(default_factory=list)  # answered in order, then `default`
    default: Scripted = field(
        default_factory=lambda: Scripted(200, json.dumps(chat_response(SUPERVISOR_JSON)).encode())
    )

    def then(self, status: int, body: Any, delay_s: float = 0.0) -> ScriptedServer:
        raw = body if isinstance(body, bytes) else json.dumps(body).encode()
        self.queue.append(Scripted(status, raw, delay_s))
        return self

    def backend(
        self, structured_output: Setting = "auto", settings: GenerationSettings = SETTINGS
    ) -> OpenAIBackend:
        return OpenAIBackend(spec(self.base_url), MODEL, self.base_url, settings, structured_output)


def spec(base_url: str) -> str:
    return f"openai:{MODEL}@{base_url}"


@pytest.fixture
def server() -> Iterator[ScriptedServer]:
    """A fresh server, on a port of its own, per test."""
    fake = ScriptedServer()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length", "0"))
            fake.paths.append(self.path)
            fake.bodies.append(json.loads(self.rfile.read(length) or b"{}"))
            answer = fake.queue.pop(0) if fake.queue else fake.default
            time.sleep(answer.delay_s)
            try:
                self.send_response(answer.status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(answer.body)))
                self.end_headers()
                self.wfile.write(answer.body)
            except OSError:
                pass  # the client gave up waiting (timeout tests)

        def log_message(self, format: str, *args: Any) -> None:
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)
    thread.start()
    fake.base_url = f"http://127.0.0.1:{httpd.server_address[1]}/v1"
    try:
        yield fake
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(timeout=5)


def expected_body(**extra: Any) -> dict[str, Any]:
    return {
        "model": MODEL,
        "messages": [
            {"role": "system", "content": "You are the Supervisor."},
            {"role": "user", "content": "Review this patch."},
        ],
        "max_tokens": 300,
        "temperature": 0.1,
        "seed": 42,
        "stream": False,
        **extra,
    }


def test_scripted_json_schema_mode_sends_openai_response_format(server: ScriptedServer) -> None:
    completion = server.backend("json_schema").complete(MESSAGES, SUPERVISOR_FORMAT)
    assert server.paths == ["/v1/chat/completions"]
    schema = SUPERVISOR_FORMAT.json_schema
    assert server.bodies == [
        expected_body(
            response_format={
                "type": "json_schema",
                "json_schema": {"name": "reply", "schema": schema, "strict": True},
            }
        )
    ]
    assert completion.text == f"```json\n{SUPERVISOR_JSON}\n```"
    assert parse_reply(completion.text, SupervisorReply) == (
        SupervisorReply(approved=True, content="ok"),
        None,
    )


def test_scripted_json_object_mode_sends_the_schema_alongside(server: ScriptedServer) -> None:
    completion = server.backend("json_object").complete(MESSAGES, SUPERVISOR_FORMAT)
    schema = SUPERVISOR_FORMAT.json_schema
    assert server.bodies == [expected_body(response_format={"type": "json_object", "schema": schema})]
    assert completion.text == f"```json\n{SUPERVISOR_JSON}\n```"


@pytest.mark.parametrize("reply_format", [SUPERVISOR_FORMAT, DEV_FORMAT], ids=["json-only", "with-diff"])
def test_scripted_grammar_mode_sends_the_whole_reply_grammar(
    server: ScriptedServer, reply_format: ReplyFormat
) -> None:
    server.then(200, chat_response(DEV_REPLY))
    completion = server.backend("grammar").complete(MESSAGES, reply_format)
    assert server.bodies == [expected_body(grammar=reply_grammar(reply_format))]
    assert completion.text == DEV_REPLY  # the grammar already wrote the fences


@pytest.mark.parametrize("setting", ["json_schema", "json_object", "none"])
def test_scripted_a_diff_reply_is_sent_unconstrained_in_json_and_none_modes(
    server: ScriptedServer, setting: Setting
) -> None:
    server.then(200, chat_response(DEV_REPLY, {"prompt_tokens": 500, "completion_tokens": 80}))
    backend = server.backend(setting)
    assert backend.mode_for(DEV_FORMAT) == "none"
    completion = backend.complete(MESSAGES, DEV_FORMAT)
    assert server.bodies == [expected_body()]
    assert completion.text == DEV_REPLY
    reply, diff = parse_reply(completion.text, DevAgentReply)
    assert reply.type == "patch"
    assert diff is not None and diff.startswith("--- a/calc.py\n+++ b/calc.py\n")
    assert (completion.prompt_tokens, completion.completion_tokens) == (500, 80)


def test_scripted_none_mode_sends_no_structured_output(server: ScriptedServer) -> None:
    server.then(200, chat_response(f"```json\n{SUPERVISOR_JSON}\n```"))
    completion = server.backend("none").complete(MESSAGES, SUPERVISOR_FORMAT)
    assert server.bodies == [expected_body()]
    assert completion.text == f"```json\n{SUPERVISOR_JSON}\n```"


def test_scripted_json_reply_with_raw_newlines_is_fenced_as_valid_json(server: ScriptedServer) -> None:
    # llama-cpp-python's json_object grammar lets raw control characters into strings.
    server.then(200, chat_response('\n { "approved" : false, "content" : "No.\n```python\nx\n```" } \n'))
    completion = server.backend("json_object").complete(MESSAGES, SUPERVISOR_FORMAT)
    assert completion.text == '```json\n{"approved": false, "content": "No.\\n```python\\nx\\n```"}\n```'
    reply, _ = parse_reply(completion.text, SupervisorReply)
    assert reply.content == "No.\n```python\nx\n```"


@pytest.mark.parametrize(
    ("usage", "expected"),
    [
        (
            {
                "prompt_tokens": 2006,
                "completion_tokens": 300,
                "prompt_tokens_details": {"cached_tokens": 1920},
            },
            (2006, 300, 1920),
        ),
        ({"prompt_tokens": 31, "completion_tokens": 17}, (31, 17, None)),
        ({"prompt_tokens": 31, "completion_tokens": 17, "prompt_tokens_details": None}, (31, 17, None)),
        ({}, (0, 0, None)),
    ],
    ids=["cached", "no-details", "null-details", "no-usage"],
)
def test_scripted_usage_and_cached_prompt_tokens(
    server: ScriptedServer, usage: dict[str, Any], expected: tuple[int, int, int | None]
) -> None:
    server.then(200, chat_response(SUPERVISOR_JSON, usage))
    completion = server.backend("json_schema").complete(MESSAGES, SUPERVISOR_FORMAT)
    assert (
        completion.prompt_tokens,
        completion.completion_tokens,
        completion.cached_prompt_tokens,
    ) == expected
    assert completion.latency_s > 0


@pytest.mark.parametrize("status", [429, 500, 502, 503])
def test_scripted_transient_errors_are_retried_with_backoff(server: ScriptedServer, status: int) -> None:
    server.then(status, {"error": {"message": "busy"}}).then(status, {"error": {"message": "busy"}})
    started = time.perf_counter()
    completion = server.backend("json_schema").complete(MESSAGES, SUPERVISOR_FORMAT)
    assert completion.text == f"```json\n{SUPERVISOR_JSON}\n```"
    assert len(server.bodies) == 3
    assert time.perf_counter() - started >= 0.01 + 0.02  # backoff doubles: 0.01 s, then 0.02 s
    assert completion.latency_s >= 0.03  # measured around the whole call, retries included


def test_scripted_a_server_error_that_persists_is_model_unavailable(server: ScriptedServer) -> None:
    server.default = Scripted(503, b'{"error": {"message": "Loading model\\nplease wait"}}')
    with pytest.raises(ModelUnavailableError) as info:
        server.backend("json_schema").complete(MESSAGES, SUPERVISOR_FORMAT)
    assert info.value.message == f"{spec(server.base_url)}: HTTP 503: Loading model (after 3 attempts)"
    assert info.value.exit_code == ExitCode.MODEL_UNAVAILABLE
    assert len(server.bodies) == 3


def test_scripted_retries_are_bounded_by_the_settings(server: ScriptedServer) -> None:
    server.default = Scripted(503, b"")
    settings = GenerationSettings(timeout_s=10, retries=0, retry_backoff_s=0.01)
    with pytest.raises(ModelUnavailableError, match=r": HTTP 503: Service Unavailable \(after 1 attempt\)$"):
        server.backend("none", settings).complete(MESSAGES, SUPERVISOR_FORMAT)
    assert len(server.bodies) == 1


def test_scripted_model_not_found_fails_at_once(server: ScriptedServer) -> None:
    error = {"error": {"message": f"model '{MODEL}' not found", "type": "invalid_request_error"}}
    server.then(404, error)
    with pytest.raises(ModelUnavailableError) as info:
        server.backend().complete(MESSAGES, SUPERVISOR_FORMAT)
    assert info.value.message == f"{spec(server.base_url)}: HTTP 404: model '{MODEL}' not found"
    assert len(server.bodies) == 1


@pytest.mark.parametrize(
    ("body", "detail"),
    [
        ({"error": "Invalid API key"}, "Invalid API key"),
        ({"detail": "Not authenticated"}, "Not authenticated"),
        ({"object": "error", "message": "Unauthorized", "code": 401}, "Unauthorized"),
        ({"error": {"message": 'bad key\n  File "app.py", line 3\n'}}, "bad key"),
        (b"<html>denied</html>", "Unauthorized"),
    ],
    ids=["error-string", "detail", "message", "multi-line", "not-json"],
)
def test_scripted_error_bodies_give_one_line(server: ScriptedServer, body: Any, detail: str) -> None:
    server.then(401, body)
    with pytest.raises(ModelUnavailableError) as info:
        server.backend("json_object").complete(MESSAGES, SUPERVISOR_FORMAT)
    assert info.value.message == f"{spec(server.base_url)}: HTTP 401: {detail}"
    assert len(server.bodies) == 1


def unused_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    return port


def test_scripted_connection_refused_is_model_unavailable_naming_the_address() -> None:
    base_url = f"http://127.0.0.1:{unused_port()}/v1"
    backend = OpenAIBackend(spec(base_url), MODEL, base_url, SETTINGS, "auto")
    with pytest.raises(ModelUnavailableError) as info:
        backend.complete(MESSAGES, SUPERVISOR_FORMAT)
    assert info.value.message == f"openai:{MODEL}@{base_url}: connection refused (after 3 attempts)"
    assert backend.mode_for(SUPERVISOR_FORMAT) == "json_schema"  # nothing learned from a dead server


def test_scripted_a_slow_server_times_out(server: ScriptedServer) -> None:
    server.default = Scripted(200, json.dumps(chat_response(SUPERVISOR_JSON)).encode(), delay_s=1.0)
    settings = GenerationSettings(timeout_s=0.5, retries=1, retry_backoff_s=0.01)
    started = time.perf_counter()
    with pytest.raises(ModelUnavailableError) as info:
        server.backend("json_schema", settings).complete(MESSAGES, SUPERVISOR_FORMAT)
    assert info.value.message == (
        f"{spec(server.base_url)}: no reply within model.timeout_s=0.5s (after 2 attempts)"
    )
    assert len(server.bodies) == 2
    assert time.perf_counter() - started < 2.0


def test_scripted_a_reply_past_its_deadline_is_a_stall_not_retried(server: ScriptedServer) -> None:
    server.default = Scripted(200, json.dumps(chat_response(SUPERVISOR_JSON)).encode(), delay_s=1.0)
    settings = GenerationSettings(timeout_s=10, retries=2, retry_backoff_s=0.01)
    started = time.perf_counter()
    late = dataclasses.replace(SUPERVISOR_FORMAT, deadline=time.monotonic() + 0.3)
    with pytest.raises(TurnDeadlinePassed, match="deadline"):
        server.backend("json_schema", settings).complete(MESSAGES, late)
    assert len(server.bodies) == 1  # a deadline is not a transient error
    assert time.perf_counter() - started < 1.0


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        (b"{not json", "the reply is not JSON"),
        ({"id": "x", "object": "chat.completion"}, "the reply has no choices[0].message"),
        ({"choices": []}, "the reply has no choices[0].message"),
        ({"choices": [{"message": {"content": ["a"]}}]}, "choices[0].message.content is not text"),
    ],
    ids=["malformed", "no-choices", "empty-choices", "content-not-text"],
)
def test_scripted_a_malformed_reply_is_model_unavailable(
    server: ScriptedServer, body: Any, reason: str
) -> None:
    server.then(200, body)
    with pytest.raises(ModelUnavailableError) as info:
        server.backend().complete(MESSAGES, SUPERVISOR_FORMAT)
    assert info.value.message == f"{spec(server.base_url)}: {reason}"
    assert len(server.bodies) == 1


def mode_of(body: dict[str, Any]) -> str | None:
    """Which structured-output form a request body used."""
    if "grammar" in body:
        return "grammar"
    response_format: dict[str, Any] = body.get("response_format", {})
    return response_format.get("type")


def test_scripted_auto_steps_down_to_none_and_remembers_it(server: ScriptedServer) -> None:
    server.then(400, {"error": {"message": "response_format json_schema is not supported"}})
    server.then(400, {"error": {"message": "unknown field: grammar"}})
    server.then(400, {"error": {"message": "response_format json_object is not supported"}})
    backend = server.backend()
    assert backend.mode_for(SUPERVISOR_FORMAT) == "json_schema"
    first = backend.complete(MESSAGES, SUPERVISOR_FORMAT)
    assert [mode_of(body) for body in server.bodies] == ["json_schema", "grammar", "json_object", None]
    assert first.text == SUPERVISOR_JSON  # none mode: returned as written
    assert backend.mode_for(SUPERVISOR_FORMAT) == "none"
    # Remembered per server: the next call, from any role on that server, asks once.
    server.bodies.clear()
    server.backend().complete(MESSAGES, SUPERVISOR_FORMAT)
    assert server.bodies == [expected_body()]


def test_scripted_auto_steps_down_on_llama_cpp_pythons_500_without_retrying(server: ScriptedServer) -> None:
    # What llama-cpp-python's server really answers to a json_schema response_format.
    message = (
        "1 validation error:\n  {'type': 'literal_error', 'loc': ('body', 'response_format', 'type'), "
        "'msg': \"Input should be 'text' or 'json_object'\", 'input': 'json_schema'}\n\n"
        '  File "llama_cpp/server/app.py", line 376, in create_chat_completion\n'
    )
    server.then(500, {"error": {"message": message, "type": "internal_server_error"}})
    backend = server.backend()
    completion = backend.complete(MESSAGES, SUPERVISOR_FORMAT)
    assert [mode_of(body) for body in server.bodies] == ["json_schema", "grammar"]
    assert completion.text == SUPERVISOR_JSON  # grammar mode: the text as the server wrote it
    assert backend.mode_for(SUPERVISOR_FORMAT) == "grammar"
    assert backend.mode_for(DEV_FORMAT) == "grammar"


def test_scripted_auto_for_a_diff_reply_tries_grammar_then_none(server: ScriptedServer) -> None:
    server.then(422, {"detail": [{"loc": ["body", "grammar"], "msg": "extra fields not permitted"}]})
    server.then(200, chat_response(DEV_REPLY))
    backend = server.backend()
    assert backend.complete(MESSAGES, DEV_FORMAT).text == DEV_REPLY
    assert "grammar" in server.bodies[0]
    assert server.bodies[1] == expected_body()
    assert backend.mode_for(DEV_FORMAT) == "none"
    assert backend.mode_for(SUPERVISOR_FORMAT) == "json_schema"


def test_scripted_auto_does_not_step_down_on_an_unrelated_server_error(server: ScriptedServer) -> None:
    server.default = Scripted(500, b'{"error": {"message": "CUDA out of memory"}}')
    backend = server.backend()
    with pytest.raises(ModelUnavailableError, match=r"HTTP 500: CUDA out of memory \(after 3 attempts\)$"):
        backend.complete(MESSAGES, SUPERVISOR_FORMAT)
    assert all(body["response_format"]["type"] == "json_schema" for body in server.bodies)
    assert backend.mode_for(SUPERVISOR_FORMAT) == "json_schema"


def test_scripted_auto_remembers_nothing_when_every_mode_fails(server: ScriptedServer) -> None:
    server.default = Scripted(400, b'{"error": {"message": "prompt is longer than the context"}}')
    backend = server.backend()
    with pytest.raises(ModelUnavailableError) as info:
        backend.complete(MESSAGES, SUPERVISOR_FORMAT)
    assert info.value.message == f"{spec(server.base_url)}: HTTP 400: prompt is longer than the context"
    assert len(server.bodies) == 4  # json_schema, grammar, json_object, none
    assert backend.mode_for(SUPERVISOR_FORMAT) == "json_schema"


def test_scripted_a_configured_mode_never_steps_down(server: ScriptedServer) -> None:
    server.then(400, {"error": {"message": "'response_format.type' must be 'json_schema' or 'text'"}})
    with pytest.raises(ModelUnavailableError) as info:
        server.backend("json_object").complete(MESSAGES, SUPERVISOR_FORMAT)
    assert info.value.message == (
        f"{spec(server.base_url)}: HTTP 400: 'response_format.type' must be 'json_schema' or 'text'"
        " (structured_output=json_object)"
    )
    assert len(server.bodies) == 1


def test_scripted_a_stop_request_sends_nothing(server: ScriptedServer) -> None:
    STOP.set()
    try:
        with pytest.raises(Interrupted):
            server.backend().complete(MESSAGES, SUPERVISOR_FORMAT)
    finally:
        STOP.clear()
    assert server.bodies == []


def test_backend_properties() -> None:
    base_url = "http://127.0.0.1:1/v1"
    backend = OpenAIBackend(spec(base_url), MODEL, base_url + "/", SETTINGS, "auto")
    assert backend.name == spec(base_url)
    assert backend.base_url == base_url
    assert backend.count_tokens("x" * 300) == estimate_tokens("x" * 300)
    modes: dict[Setting, tuple[Mode, Mode]] = {
        "auto": ("json_schema", "grammar"),
        "json_schema": ("json_schema", "none"),
        "json_object": ("json_object", "none"),
        "grammar": ("grammar", "grammar"),
        "none": ("none", "none"),
    }
    for setting, expected in modes.items():
        configured = OpenAIBackend(spec(base_url), MODEL, base_url, SETTINGS, setting)
        assert (configured.mode_for(SUPERVISOR_FORMAT), configured.mode_for(DEV_FORMAT)) == expected


# --- the real llama-cpp-python server ------------------------------------------------

SOURCE = "def add(a, b):\n    return a - b\n"
REAL_SUPERVISOR = [
    ChatMessage(
        "system", "You are the Supervisor. Reply with JSON: approved (bool) and content (your verdict)."
    ),
    ChatMessage("user", "The patch changes `return a - b` to `return a + b` in calc.py and the test passes."),
]
REAL_DEV = [
    ChatMessage(
        "system",
        'You are DevAgent. Reply with a ```json fence {"type": "patch", "content": ..., "commands": []} '
        "and then a ```diff fence with a unified diff of calc.py.",
    ),
    ChatMessage(
        "user",
        f"calc.py:\n```python\n{SOURCE}```\nThe test test_add fails: add(2, 3) returns -1. "
        "Fix calc.py with a patch.",
    ),
]


def real_backend(url: str, structured_output: Setting, seed: int = 0) -> OpenAIBackend:
    settings = GenerationSettings(max_tokens=400, seed=seed, timeout_s=120, retry_backoff_s=0.01)
    return OpenAIBackend(f"openai:smollm2@{url}", "smollm2", url, settings, structured_output)


@pytest.mark.model
def test_real_server_auto_settles_on_grammar_for_json_replies(llama_url: str) -> None:
    reviewer_format = reply_format_for(ROLES["Reviewer"], None)
    for seed in range(5):
        backend = real_backend(llama_url, "auto", seed)
        completion = backend.complete(REAL_SUPERVISOR, SUPERVISOR_FORMAT)
        # The server refuses a json_schema response_format; its GBNF grammar is next.
        assert backend.mode_for(SUPERVISOR_FORMAT) == "grammar"
        reply, diff = parse_reply(completion.text, SupervisorReply)
        assert isinstance(reply.approved, bool) and diff is None
        assert completion.prompt_tokens > 0 and completion.completion_tokens > 0
        assert completion.cached_prompt_tokens is None  # llama-cpp-python does not report it
        # The grammar carries the Reviewer's status rule, which a JSON schema cannot.
        parse_reply(backend.complete(REAL_SUPERVISOR, reviewer_format).text, ReviewerReply)


@pytest.mark.model
def test_real_server_json_object_mode_takes_the_schema(llama_url: str) -> None:
    for seed in range(3):
        completion = real_backend(llama_url, "json_object", seed).complete(REAL_SUPERVISOR, SUPERVISOR_FORMAT)
        reply, _ = parse_reply(completion.text, SupervisorReply)
        assert isinstance(reply.approved, bool)


@pytest.mark.model
def test_real_server_grammar_constrains_a_reply_with_a_diff(llama_url: str) -> None:
    for seed in range(5):
        completion = real_backend(llama_url, "grammar", seed).complete(REAL_DEV, DEV_FORMAT)
        reply, diff = parse_reply(completion.text, DevAgentReply)
        assert reply.type == "patch"
        assert diff is not None and diff.startswith("--- a/calc.py\n+++ b/calc.py\n@@ -")
    backend = real_backend(llama_url, "auto")
    assert backend.mode_for(DEV_FORMAT) == "grammar"
    parse_reply(backend.complete(REAL_DEV, DEV_FORMAT).text, DevAgentReply)
    assert backend.mode_for(DEV_FORMAT) == "grammar"  # accepted, and remembered


@pytest.mark.model
def test_real_server_rejects_a_configured_json_schema_mode_at_once(llama_url: str) -> None:
    started = time.perf_counter()
    with pytest.raises(ModelUnavailableError) as info:
        real_backend(llama_url, "json_schema").complete(REAL_SUPERVISOR, SUPERVISOR_FORMAT)
    message = info.value.message
    assert message.startswith(f"openai:smollm2@{llama_url}: HTTP 500: 1 validation error: ")
    assert "response_format" in message and message.endswith("(structured_output=json_schema)")
    assert "\n" not in message and "File " not in message and "attempts" not in message
    assert time.perf_counter() - started < 2.0  # no retries: a refusal is not transient


@pytest.mark.model
def test_real_server_and_in_process_roles_mix_in_one_cli_run(
    llama_url: str,
    dev_agent: Callable[..., subprocess.CompletedProcess[str]],
    run_log: Callable[[Path], list[dict[str, Any]]],
    calc_example_repo: Path,
    phase_spec: Path,
    tmp_path: Path,
) -> None:
    """DevAgent on the server, the Supervisor in process: each role's calls go to its own
    backend, with tokens counted, and the run ends with one of the fix loop's outcomes."""
    config = tmp_path / "mixed.yaml"
    # Without the Repair step, whose templates would fix calc before DevAgent is asked; with
    # the Supervisor's critique of red results, so that it is called whatever DevAgent writes.
    config.write_text(
        "model:\n  context_size: 2048\n  max_tokens: 256\n"
        "repair: {templates: false}\ninterim_critique: true\n"
    )
    spec = f"openai:smollm2@{llama_url}"
    proc = dev_agent(
        "--phase", phase_spec, "--dev-model", spec, "--supervisor-model", "llama-cpp:embedded",
        "--config", config, "--max-iterations", "2", "--quiet", cwd=calc_example_repo, timeout=300,
    )  # fmt: skip
    assert proc.returncode in (0, 1, 5), proc.stdout + proc.stderr
    assert "Traceback" not in proc.stderr
    records = run_log(calc_example_repo / "runs")
    assert records[0]["data"]["models"] == {"DevAgent": spec, "Supervisor": "llama-cpp:embedded"}
    calls = [r["data"] for r in records if r["type"] == "model_call"]
    dev_calls = [c for c in calls if c["role"] == "DevAgent"]
    assert dev_calls and all(c["backend"] == spec and c["prompt_tokens"] > 0 for c in dev_calls)
    supervisor_calls = [c for c in calls if c["role"] == "Supervisor"]
    assert supervisor_calls and all(c["backend"] == "llama-cpp:embedded" for c in supervisor_calls)
    assert records[-1]["data"]["model_usage"]["by_role"]["DevAgent"]["calls"] == len(dev_calls)
