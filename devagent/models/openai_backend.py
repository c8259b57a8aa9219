"""Any OpenAI-compatible chat server (llama-cpp-python's and llama.cpp's servers, vLLM,
LM Studio, Ollama's /v1) over plain httpx: one non-streaming POST to /chat/completions.

Servers disagree on structured output, so the mode is configurable: `json_schema`
(OpenAI's response_format), `json_object` plus a schema (llama-cpp-python's server, which
refuses json_schema), `grammar` (a GBNF grammar for the whole reply, diff fence included;
llama.cpp servers) or `none` (prompt + validation + the caller's one re-prompt). `auto`
tries them in AUTO_MODES order and steps down when the server rejects the request's shape;
what works is remembered per server, so every role sharing it learns it once. A reply
that carries a diff fence cannot be a JSON schema, so JSON modes send it unconstrained."""

from __future__ import annotations

import functools
import json
import time
from collections.abc import Sequence
from typing import Any, Literal

import httpx

from devagent.errors import ModelUnavailableError, TurnDeadlinePassed
from devagent.interrupt import STOP, Interrupted
from devagent.models.base import (
    ChatMessage,
    Completion,
    GenerationSettings,
    ReplyFormat,
    estimate_tokens,
    sampling,
    time_limit,
)
from devagent.models.retry import TransientError, with_retries

Mode = Literal["json_schema", "json_object", "grammar", "none"]
Setting = Literal["auto", "json_schema", "json_object", "grammar", "none"]  # model.structured_output
Kind = Literal["json", "diff"]  # a JSON-only reply, or JSON plus an optional diff fence

# What auto mode tries, strongest first, for each kind of reply.
AUTO_MODES: dict[Kind, tuple[Mode, ...]] = {
    # A server that refuses json_schema is most likely a llama.cpp server: its GBNF grammar
    # also carries rules a JSON schema cannot (the Reviewer's status rule), and
    # llama-cpp-python's own json_object conversion lets raw newlines into strings.
    "json": ("json_schema", "grammar", "json_object", "none"),
    "diff": ("grammar", "none"),
}
# (base_url, kind) -> the mode auto detection settled on for that server.
_DETECTED: dict[tuple[str, Kind], Mode] = {}
_DETAIL_CHARS = 300


def reset_detection() -> None:
    """Forget what auto mode learned about every server (tests)."""
    _DETECTED.clear()


class _Rejected(Exception):
    """The server refused the request's shape (its structured-output part); not transient."""


class OpenAIBackend:
    def __init__(
        self,
        name: str,
        model: str,
        base_url: str,
        settings: GenerationSettings,
        structured_output: Setting = "auto",
        api_key: str | None = None,
    ) -> None:
        self._name = name
        self._model = model
        self.base_url = base_url.rstrip("/")
        self._settings = settings
        self.structured_output = structured_output
        # The key travels in a header only: never in the spec, the log or an error.
        headers = {"Authorization": f"Bearer {api_key}"} if api_key else None
        self._client = httpx.Client(timeout=settings.timeout_s, headers=headers)

    @property
    def name(self) -> str:
        return self._name

    def count_tokens(self, text: str) -> int:
        return estimate_tokens(text)

    def _candidates(self, reply_format: ReplyFormat) -> tuple[Mode, ...]:
        """The modes to try in order: one when configured, a step-down list in auto."""
        kind = _kind(reply_format)
        setting = self.structured_output
        if setting == "auto":
            modes = AUTO_MODES[kind]
            detected = _DETECTED.get((self.base_url, kind))
            # From what worked last time down: a later rejection can still step further down.
            return modes[modes.index(detected) :] if detected else modes
        if setting == "json_schema" or setting == "json_object":
            return (setting,) if kind == "json" else ("none",)
        return (setting,)

    def mode_for(self, reply_format: ReplyFormat) -> Mode:
        """The structured-output mode the next call with this reply format will use first."""
        return self._candidates(reply_format)[0]

    def request(
        self, messages: Sequence[ChatMessage], reply_format: ReplyFormat, mode: Mode
    ) -> dict[str, Any]:
        """The exact JSON body POSTed to /chat/completions (tests assert on it)."""
        temperature, seed = sampling(self._settings, reply_format.sample)
        body: dict[str, Any] = {
            "model": self._model,
            "messages": [{"role": m.role, "content": m.content} for m in messages],
            "max_tokens": self._settings.max_tokens,
            "temperature": temperature,
            "seed": seed,
            "stream": False,
        }
        schema = reply_format.json_schema
        if mode == "json_schema":
            body["response_format"] = {
                "type": "json_schema",
                "json_schema": {"name": "reply", "schema": schema, "strict": True},
            }
        elif mode == "json_object":
            body["response_format"] = {"type": "json_object", "schema": schema}
        elif mode == "grammar":
            from devagent.models.grammar import reply_grammar  # imports llama_cpp: only when used

            body["grammar"] = reply_grammar(reply_format)
        return body

    def complete(self, messages: Sequence[ChatMessage], reply_format: ReplyFormat) -> Completion:
        started = time.perf_counter()
        candidates = self._candidates(reply_format)
        attempts = 1 + self._settings.retries
        for index, mode in enumerate(candidates):
            body = self.request(messages, reply_format, mode)
            try:
                data = with_retries(
                    functools.partial(self._post, body, mode, reply_format),
                    retries=self._settings.retries,
                    backoff_s=self._settings.retry_backoff_s,
                )
            except TransientError as exc:
                tries = f"{attempts} attempt{'s' if attempts > 1 else ''}"
                raise ModelUnavailableError(f"{self._name}: {exc} (after {tries})") from None
            except _Rejected as exc:
                if index + 1 < len(candidates):
                    continue  # auto: step down to the next weaker mode
                raise ModelUnavailableError(f"{self._name}: {exc}") from None
            if self.structured_output == "auto":
                _DETECTED[(self.base_url, _kind(reply_format))] = mode
            return self._completion(data, mode, started, reply_format.bare_json)
        raise AssertionError("unreachable: there is always a candidate mode")

    def _post(self, body: dict[str, Any], mode: Mode, reply_format: ReplyFormat) -> Any:
        """One request; connection failures, timeouts, 429 and 5xx are transient (a timeout
        set by the reply format's deadline is not: TurnDeadlinePassed)."""
        if STOP.is_set():
            raise Interrupted(f"{self._name}: stopped before the model call")
        limit, by_deadline = time_limit(self._settings, reply_format)
        try:
            response = self._client.post(f"{self.base_url}/chat/completions", json=body, timeout=limit)
        except httpx.TimeoutException:
            if by_deadline:
                raise TurnDeadlinePassed(f"{self._name}: no reply by its turn's deadline") from None
            raise TransientError(f"no reply within model.timeout_s={limit:g}s") from None
        except httpx.ConnectError as exc:
            text = _first_line(str(exc))
            raise TransientError("connection refused" if "refused" in text.lower() else text) from None
        except httpx.TransportError as exc:
            raise TransientError(_first_line(str(exc)) or type(exc).__name__) from None
        if response.status_code != 200:
            detail, full = _error_detail(response)
            reason = f"HTTP {response.status_code}: {detail}"
            if _is_rejection(response.status_code, full, mode):
                raise _Rejected(f"{reason} (structured_output={mode})")
            if response.status_code == 429 or response.status_code >= 500:
                raise TransientError(reason)
            raise ModelUnavailableError(f"{self._name}: {reason}")
        try:
            return response.json()
        except ValueError:
            raise ModelUnavailableError(f"{self._name}: the reply is not JSON") from None

    def _completion(self, data: Any, mode: Mode, started: float, bare_json: bool) -> Completion:
        try:
            content = data["choices"][0]["message"]["content"] or ""
        except (KeyError, IndexError, TypeError):
            raise ModelUnavailableError(f"{self._name}: the reply has no choices[0].message") from None
        if not isinstance(content, str):
            raise ModelUnavailableError(f"{self._name}: choices[0].message.content is not text")
        if mode in ("json_schema", "json_object") and not content.lstrip().startswith("```"):
            content = _normalized_json(content)
            if not bare_json:  # the fix loop's protocol wants it fenced
                content = f"```json\n{content}\n```"
        usage = data.get("usage") if isinstance(data.get("usage"), dict) else {}
        details = usage.get("prompt_tokens_details")
        cached = details.get("cached_tokens") if isinstance(details, dict) else None
        return Completion(
            text=content,
            prompt_tokens=_int(usage.get("prompt_tokens")) or 0,
            completion_tokens=_int(usage.get("completion_tokens")) or 0,
            latency_s=time.perf_counter() - started,
            cached_prompt_tokens=_int(cached),
        )


def _normalized_json(text: str) -> str:
    """JSON modes return a bare object. llama-cpp-python's schema grammar lets raw newlines
    into strings, which strict JSON refuses (and a "\n```" inside one would end the fence
    early): re-serialise what a lenient parse reads; leave anything else for validation."""
    try:
        data = json.loads(text, strict=False)
    except ValueError:
        return text.strip()
    return json.dumps(data, ensure_ascii=False) if isinstance(data, dict) else text.strip()


def _kind(reply_format: ReplyFormat) -> Kind:
    return "json" if reply_format.diff_paths is None else "diff"


def _is_rejection(status: int, error_text: str, mode: Mode) -> bool:
    """400/422 reject the request's shape. llama-cpp-python's server answers a
    response_format it does not know with a 500 whose text names the field."""
    if mode == "none":
        return False
    field = "grammar" if mode == "grammar" else "response_format"
    return status in (400, 422) or (status >= 500 and field in error_text)


def _error_detail(response: httpx.Response) -> tuple[str, str]:
    """(one line for the message, the whole error text) from an error response."""
    try:
        data = response.json()
    except ValueError:
        data = None
    text = ""
    if isinstance(data, dict):
        error, detail = data.get("error"), data.get("detail")
        if isinstance(error, dict):
            text = str(error.get("message") or "")
        elif isinstance(error, str):
            text = error
        elif isinstance(detail, list) and detail and isinstance(detail[0], dict):  # FastAPI 422
            text = f"{'.'.join(map(str, detail[0].get('loc', ())))}: {detail[0].get('msg', '')}"
        elif detail is not None:
            text = str(detail)
        elif isinstance(data.get("message"), str):
            text = data["message"]
    line = _first_line(text) or response.reason_phrase or "no detail"
    return line, text or response.text


def _first_line(text: str) -> str:
    """The first non-empty line; a line ending in ':' (a heading) takes the next one along."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if not lines:
        return ""
    line = f"{lines[0]} {lines[1]}" if lines[0].endswith(":") and len(lines) > 1 else lines[0]
    return line if len(line) <= _DETAIL_CHARS else line[: _DETAIL_CHARS - 3] + "..."


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None
