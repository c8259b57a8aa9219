"""A real OpenAI-compatible HTTP server on loopback that answers /chat/completions with
scripted replies: what the seeds' own configs (`"provider": "openai"`, a plain
`gpt-4` or `gemini-1.5-flash`) talk to in tests, through $OPENAI_BASE_URL. Each request is
recorded (headers and body) so a test can see which model was asked, with which key and
system prompt; the reply is chosen by `answer(body)`."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

Answer = Callable[[dict[str, Any]], str]  # request body -> the reply's content


@dataclass
class StubServer:
    url: str  # http://127.0.0.1:<port>/v1
    requests: list[dict[str, Any]] = field(default_factory=list)  # {"headers": {...}, "body": {...}}

    def models(self) -> list[str]:
        return [r["body"]["model"] for r in self.requests]

    def system_prompts(self) -> list[str]:
        return [r["body"]["messages"][0]["content"] for r in self.requests]

    def user_prompts(self) -> list[str]:
        return [r["body"]["messages"][-1]["content"] for r in self.requests]


def schema_keys(body: dict[str, Any]) -> set[str]:
    """The reply's top-level keys, read from the request's response_format schema (what
    kind of reply is asked for: a proposal, a critique, a design...)."""
    fmt = body.get("response_format") or {}
    schema = (fmt.get("json_schema") or {}).get("schema") or fmt.get("schema") or {}
    return set(schema.get("properties") or {})


@contextmanager
def openai_stub(answer: Answer) -> Iterator[StubServer]:
    server = StubServer("")
    lock = threading.Lock()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            body = json.loads(self.rfile.read(length))
            with lock:
                server.requests.append({"headers": dict(self.headers), "body": body, "path": self.path})
                content = answer(body)
            data = json.dumps(
                {
                    "choices": [{"message": {"role": "assistant", "content": content}}],
                    "usage": {"prompt_tokens": 10, "completion_tokens": 5},
                }
            ).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, format: str, *args: Any) -> None:
            return None

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.url = f"http://127.0.0.1:{httpd.server_address[1]}/v1"
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join()
