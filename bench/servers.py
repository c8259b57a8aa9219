"""Real OpenAI-compatible model servers for tests and benchmarks.

`llama_server(path)` runs llama-cpp-python's own server (`python -m llama_cpp.server`,
the `[server]` extra) on a free port of 127.0.0.1 and yields its base URL, so the
`openai:` backend can be exercised against a real server without any network."""

from __future__ import annotations

import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

START_TIMEOUT_S = 60.0


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    return port


def _tail(path: Path, lines: int = 20) -> str:
    text = path.read_text(encoding="utf-8", errors="replace").rstrip()
    return "\n".join(text.splitlines()[-lines:]) or "(no output)"


@contextmanager
def llama_server(model_path: Path, *, context_size: int = 4096, port: int | None = None) -> Iterator[str]:
    """Start `python -m llama_cpp.server` on `model_path`; yield `http://127.0.0.1:<port>/v1`
    once GET /v1/models answers; stop the server on exit."""
    port = port or free_port()
    base_url = f"http://127.0.0.1:{port}/v1"
    command = [
        sys.executable,
        "-m",
        "llama_cpp.server",
        "--model",
        str(model_path),
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--n_ctx",
        str(context_size),
        "--verbose",
        "false",
    ]
    with tempfile.TemporaryDirectory(prefix="llama-server-") as tmp:
        log = Path(tmp) / "server.log"
        with log.open("wb") as out:
            # Output goes to a file, not a pipe: a pipe nobody reads would fill and block the server.
            process = subprocess.Popen(
                command, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL
            )
        try:
            deadline = time.monotonic() + START_TIMEOUT_S
            while True:
                if process.poll() is not None:
                    raise RuntimeError(
                        f"llama_cpp.server exited with {process.returncode} before answering:\n{_tail(log)}"
                    )
                try:
                    if httpx.get(f"{base_url}/models", timeout=2.0).status_code == 200:
                        break
                except httpx.TransportError:
                    pass
                if time.monotonic() > deadline:
                    raise RuntimeError(
                        f"llama_cpp.server did not answer within {START_TIMEOUT_S:g}s:\n{_tail(log)}"
                    )
                time.sleep(0.1)
            yield base_url
        finally:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


if __name__ == "__main__":  # manual use: `python -m bench.servers` serves the embedded model
    from devagent.resources import embedded_model_path

    with llama_server(embedded_model_path()) as url:
        print(f"serving {embedded_model_path().name} at {url}; Ctrl-C to stop", flush=True)
        try:
            while True:
                time.sleep(3600)
        except KeyboardInterrupt:
            pass
