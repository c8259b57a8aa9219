"""devagent/models/factory.open_backend: model specs turned into backends, and the
errors (with their exit codes) for specs that cannot work."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from devagent.config import ModelConfig
from devagent.errors import ExitCode, ModelUnavailableError, UsageError
from devagent.models.base import ChatMessage, GenerationSettings, ModelBackend, ReplyFormat
from devagent.models.factory import ACCEPTED, SCHEMES, generation_settings, open_backend
from devagent.models.ollama_backend import OllamaBackend
from devagent.models.scripted import ScriptedBackend

KEY = "model.dev_agent"
FORMAT = ReplyFormat(json_schema={"type": "object"})
MESSAGES = [ChatMessage("user", "x" * 40)]


def open_spec(spec: str, config: ModelConfig | None = None, role: str = "DevAgent") -> ModelBackend:
    return open_backend(spec, role, config or ModelConfig(), KEY)


def test_unknown_scheme_names_the_key_and_lists_schemes() -> None:
    with pytest.raises(UsageError) as info:
        open_spec("vllm:qwen")
    assert info.value.exit_code == ExitCode.USAGE
    assert info.value.message == f"{KEY}: unknown model scheme 'vllm' (use one of: {ACCEPTED})"
    assert all(f"{scheme}:" in info.value.message for scheme in SCHEMES)


@pytest.mark.parametrize("spec", ["qwen2.5-coder", "", "ollama:", "llama-cpp:"])
def test_spec_without_scheme_or_model_is_a_usage_error(spec: str) -> None:
    with pytest.raises(UsageError) as info:
        open_spec(spec)
    assert info.value.message == f"{KEY}: '{spec}' is not a model spec (expected <scheme>:<model>)"


def test_missing_gguf_is_model_unavailable() -> None:
    with pytest.raises(ModelUnavailableError) as info:
        open_spec("llama-cpp:/nonexistent.gguf")
    assert info.value.exit_code == ExitCode.MODEL_UNAVAILABLE
    assert info.value.message == "llama-cpp:/nonexistent.gguf: model file not found: /nonexistent.gguf"


def test_missing_gguf_under_home_is_expanded(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    with pytest.raises(ModelUnavailableError, match=f"model file not found: {tmp_path}/models/x.gguf"):
        open_spec("llama-cpp:~/models/x.gguf")


def test_file_that_is_not_a_gguf_is_model_unavailable(tmp_path: Path) -> None:
    fake = tmp_path / "fake.gguf"
    fake.write_bytes(b"this is not a gguf file\n" * 10)
    with pytest.raises(ModelUnavailableError) as info:
        open_spec(f"llama-cpp:{fake}")
    assert info.value.message.startswith(f"llama-cpp:{fake}: cannot load {fake}")


def test_ollama_spec_keeps_the_tag_and_the_configured_host() -> None:
    config = ModelConfig(ollama_host="http://127.0.0.1:9", context_size=4096)
    backend = open_spec("ollama:qwen2.5-coder:7b", config)
    assert isinstance(backend, OllamaBackend)
    assert backend.name == "ollama:qwen2.5-coder:7b"
    assert backend.host == "http://127.0.0.1:9"
    body = backend.request(MESSAGES, FORMAT)
    assert body["model"] == "qwen2.5-coder:7b"
    assert body["options"]["num_ctx"] == 4096


@pytest.mark.parametrize("spec", ["openai:qwen@127.0.0.1:8000", "openai:qwen@"])
def test_openai_spec_with_a_url_needs_an_http_url(spec: str) -> None:
    with pytest.raises(UsageError) as info:
        open_spec(spec)
    assert info.value.message == (f"{KEY}: '{spec}' must look like openai:<model>@http://<host>:<port>/v1")


def test_openai_spec_needs_a_model() -> None:
    with pytest.raises(UsageError) as info:
        open_spec("openai:@http://127.0.0.1:8000/v1")
    assert info.value.message.startswith(f"{KEY}: 'openai:@http://127.0.0.1:8000/v1' names no model")


def test_generation_settings_come_from_the_model_config() -> None:
    config = ModelConfig(
        context_size=2048,
        max_tokens=64,
        temperature=0.7,
        seed=3,
        threads=2,
        timeout_s=9,
        retries=4,
        retry_backoff_s=0.5,
        kv_cache_reuse=False,
        prompt_cache_mb=64,
    )
    assert generation_settings(config) == GenerationSettings(
        context_size=2048,
        max_tokens=64,
        temperature=0.7,
        seed=3,
        threads=2,
        timeout_s=9,
        retries=4,
        retry_backoff_s=0.5,
        kv_cache_reuse=False,
        prompt_cache_mb=64,
    )


def test_scripted_with_a_missing_file_is_a_usage_error(tmp_path: Path) -> None:
    missing = tmp_path / "replies.yaml"
    with pytest.raises(UsageError) as info:
        open_spec(f"scripted:{missing}")
    assert info.value.message == f"scripted:{missing}: replies file not found: {missing}"


@pytest.mark.parametrize(
    "content",
    ["DevAgent: just one string\n", "DevAgent: [1, 2]\n", "- a list\n", "DevAgent: [\n"],
    ids=["string", "numbers", "top-level-list", "bad-yaml"],
)
def test_scripted_with_a_malformed_file_is_a_usage_error(tmp_path: Path, content: str) -> None:
    path = tmp_path / "replies.yaml"
    path.write_text(content)
    with pytest.raises(UsageError, match=f"^scripted:{path}: "):
        open_spec(f"scripted:{path}")


def test_scripted_replays_in_order_then_runs_out(tmp_path: Path) -> None:
    path = tmp_path / "replies.yaml"
    path.write_text(
        yaml.safe_dump({"DevAgent": ["first", "second", "third"], "Supervisor": ["verdict"]}),
        encoding="utf-8",
    )
    dev = open_spec(f"scripted:{path}")
    assert isinstance(dev, ScriptedBackend)
    assert dev.name == f"scripted:{path}"
    completions = [dev.complete(MESSAGES, FORMAT) for _ in range(3)]
    assert [c.text for c in completions] == ["first", "second", "third"]
    with pytest.raises(ModelUnavailableError) as info:
        dev.complete(MESSAGES, FORMAT)
    assert info.value.message == f"scripted:{path}: no scripted reply left for DevAgent (it has 3)"
    # Each role replays its own list, independently.
    supervisor = open_spec(f"scripted:{path}", role="Supervisor")
    assert supervisor.complete(MESSAGES, FORMAT).text == "verdict"


def test_scripted_role_without_replies_runs_out_at_once(tmp_path: Path) -> None:
    path = tmp_path / "replies.yaml"
    path.write_text("DevAgent: [one]\n")
    reviewer = open_spec(f"scripted:{path}", role="Reviewer")
    with pytest.raises(ModelUnavailableError, match="no scripted reply left for Reviewer"):
        reviewer.complete(MESSAGES, FORMAT)


def test_bundled_example_replies_load(tmp_path: Path) -> None:
    example = Path(__file__).resolve().parent.parent / "examples" / "calc" / "replies.yaml"
    backend = open_spec(f"scripted:{example}")
    assert isinstance(backend, ScriptedBackend)
    assert backend.complete(MESSAGES, FORMAT).text.startswith("```json\n")


@pytest.mark.model
def test_embedded_model_loads() -> None:
    from devagent.models.llama_cpp_backend import LlamaCppBackend

    backend = open_spec("llama-cpp:embedded", ModelConfig(context_size=2048, max_tokens=16))
    assert isinstance(backend, LlamaCppBackend)
    assert backend.name == "llama-cpp:embedded"
