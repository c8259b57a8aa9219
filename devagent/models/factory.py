"""Model specs (`llama-cpp:<path.gguf>`, `openai:<model>@<base_url>`, `ollama:<name>`,
`scripted:<replies.yaml>`)
turned into backends."""

from __future__ import annotations

from pathlib import Path

from devagent.config import ModelConfig
from devagent.errors import UsageError
from devagent.models.base import GenerationSettings, ModelBackend
from devagent.resources import embedded_model_path

SCHEMES = ("llama-cpp", "openai", "ollama", "scripted")


def generation_settings(config: ModelConfig) -> GenerationSettings:
    return GenerationSettings(
        context_size=config.context_size,
        max_tokens=config.max_tokens,
        temperature=config.temperature,
        seed=config.seed,
        threads=config.threads,
        timeout_s=config.timeout_s,
        retries=config.retries,
        retry_backoff_s=config.retry_backoff_s,
        kv_cache_reuse=config.kv_cache_reuse,
        prompt_cache_mb=config.prompt_cache_mb,
    )


def open_backend(spec: str, role: str, config: ModelConfig, key: str) -> ModelBackend:
    """`key` names the config key the spec came from, for error messages."""
    scheme, sep, rest = spec.partition(":")
    if not sep or not rest:
        raise UsageError(f"{key}: '{spec}' is not a model spec (expected <scheme>:<model>)")
    settings = generation_settings(config)
    if scheme == "llama-cpp":
        from devagent.models.llama_cpp_backend import LlamaCppBackend

        path = embedded_model_path() if rest == "embedded" else Path(rest).expanduser()
        return LlamaCppBackend(spec, path, settings)
    if scheme == "openai":
        model, at, base_url = rest.partition("@")
        if not at or not model or not base_url.startswith(("http://", "https://")):
            raise UsageError(f"{key}: '{spec}' must look like openai:<model>@http://<host>:<port>/v1")
        from devagent.models.openai_backend import OpenAIBackend

        return OpenAIBackend(spec, model, base_url.rstrip("/"), settings, config.structured_output)
    if scheme == "ollama":
        from devagent.models.ollama_backend import OllamaBackend

        return OllamaBackend(spec, rest, settings, config.ollama_host)
    if scheme == "scripted":
        from devagent.models.scripted import ScriptedBackend

        return ScriptedBackend(spec, Path(rest).expanduser(), role)
    raise UsageError(f"{key}: unknown model scheme '{scheme}' (use one of: {', '.join(SCHEMES)})")
