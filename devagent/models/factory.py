"""Model specs turned into backends: `llama-cpp:embedded`, `llama-cpp:<path.gguf>`,
`ollama:<name>`, `openai:<model>@<base_url>`, `openai:<model>` (the OpenAI-compatible
server at $OPENAI_BASE_URL, with $OPENAI_API_KEY), `openrouter:<model>` (OpenRouter, with
$OPENROUTER_API_KEY), `scripted:<replies.yaml>`.

An API key comes from the environment only and goes only to the server the environment
names: a spec with an explicit `@<url>` (which a config file in a repository could name)
never gets one. The key is sent in a header and never appears in a spec, a log or an
error. The seeds' own config formats name models as plain strings (`gpt-4`,
`gemini-1.5-flash`) with an optional `provider`; `seed_model_spec` maps those."""

from __future__ import annotations

import os
import re
from pathlib import Path

from devagent.config import ModelConfig
from devagent.errors import UsageError
from devagent.models.base import GenerationSettings, ModelBackend
from devagent.resources import embedded_model_path

SCHEMES = ("llama-cpp", "openai", "openrouter", "ollama", "scripted")
# Where `openai:<model>` goes without $OPENAI_BASE_URL: llama.cpp's own server
# (`llama-server`) listens there by default; Ollama serves the same API at
# http://127.0.0.1:11434/v1, LM Studio at http://127.0.0.1:1234/v1.
OPENAI_BASE_URL = "http://127.0.0.1:8080/v1"
OPENROUTER_BASE_URL = "https://openrouter.ai/api/v1"
ACCEPTED = (
    "llama-cpp:embedded, llama-cpp:<file.gguf>, ollama:<name>, openai:<model>, "
    "openai:<model>@http://<host>:<port>/v1, openrouter:<model>, scripted:<replies.yaml>"
)
# A model name as the seeds write them (gpt-4, gemini-1.5-flash, qwen2.5:7b,
# meta-llama/llama-3-8b-instruct): no spaces, no '@'.
_PLAIN_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._:/+-]*$")


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
    scheme, rest = check_spec(spec, key)
    settings = generation_settings(config)
    if scheme == "llama-cpp":
        from devagent.models.llama_cpp_backend import LlamaCppBackend

        path = embedded_model_path() if rest == "embedded" else Path(rest).expanduser()
        return LlamaCppBackend(spec, path, settings)
    if scheme in ("openai", "openrouter"):
        model, base_url, api_key = _server(scheme, rest, spec, key)
        from devagent.models.openai_backend import OpenAIBackend

        return OpenAIBackend(spec, model, base_url, settings, config.structured_output, api_key)
    if scheme == "ollama":
        from devagent.models.ollama_backend import OllamaBackend

        return OllamaBackend(spec, rest, settings, config.ollama_host)
    if scheme == "scripted":
        from devagent.models.scripted import ScriptedBackend

        return ScriptedBackend(spec, Path(rest).expanduser(), role)
    raise AssertionError(f"unreachable: check_spec let scheme {scheme} through")


def check_spec(spec: str, key: str) -> tuple[str, str]:
    """(scheme, the rest) of a well-formed spec, without opening anything: a spec no
    backend serves is a UsageError naming `key` (the command line checks every spec this
    way before any work; whether the model is there is open_backend's question)."""
    scheme, sep, rest = spec.partition(":")
    if not sep or not rest:
        raise UsageError(f"{key}: '{spec}' is not a model spec (expected <scheme>:<model>)")
    if scheme not in SCHEMES:
        raise UsageError(f"{key}: unknown model scheme '{scheme}' (use one of: {ACCEPTED})")
    if scheme in ("openai", "openrouter"):
        _server(scheme, rest, spec, key)
    return scheme, rest


def _server(scheme: str, rest: str, spec: str, key: str) -> tuple[str, str, str | None]:
    """(model, base URL, API key) of an OpenAI-compatible server spec."""
    model, at, url = rest.partition("@")
    if not model:
        raise UsageError(f"{key}: '{spec}' names no model (use one of: {ACCEPTED})")
    if scheme == "openai" and at:  # a URL the spec names: no key goes there
        if not url.startswith(("http://", "https://")):
            raise UsageError(f"{key}: '{spec}' must look like openai:<model>@http://<host>:<port>/v1")
        return model, url.rstrip("/"), None
    if at:
        raise UsageError(f"{key}: '{spec}': openrouter models take no @<url> (OPENROUTER_BASE_URL sets it)")
    variable = "OPENAI" if scheme == "openai" else "OPENROUTER"
    default = OPENAI_BASE_URL if scheme == "openai" else OPENROUTER_BASE_URL
    url = os.environ.get(f"{variable}_BASE_URL") or default
    if not url.startswith(("http://", "https://")):
        raise UsageError(f"{variable}_BASE_URL: '{url}' is not an http:// or https:// URL")
    api_key = os.environ.get(f"{variable}_API_KEY") or None
    if scheme == "openrouter" and api_key is None:
        raise UsageError(f"{key}: '{spec}' needs OPENROUTER_API_KEY in the environment")
    return model, url.rstrip("/"), api_key


PROVIDERS = ("openai", "openrouter", "ollama", "llama-cpp", "scripted")


def seed_model_spec(model: str, provider: str | None, key: str, provider_key: str) -> str:
    """A model as the seeds' configs name it (a plain `model`, an optional `provider`) as
    one of our specs: provider openai or openrouter (or no provider and a plain name)
    means that OpenAI-compatible server; our own specs pass as they are. A string we
    cannot serve is a UsageError naming `key` (or `provider_key`) and the accepted forms."""
    model = model.strip()
    if provider is not None:
        name = provider.strip().lower()
        if name not in PROVIDERS:
            raise UsageError(
                f"{provider_key}: unknown provider '{provider}' (use one of: {', '.join(PROVIDERS)})"
            )
        if model.startswith(f"{name}:"):
            return model
        if not model or (name in ("openai", "openrouter") and not _PLAIN_NAME.match(model)):
            raise UsageError(f"{key}: '{model}' is not a {name} model name")
        return f"{name}:{model}"
    scheme, sep, rest = model.partition(":")
    if sep and rest and scheme in SCHEMES:
        return model
    if _PLAIN_NAME.match(model):
        return f"openai:{model}"
    raise UsageError(
        f"{key}: '{model}' is not a model this tool can serve (use a plain model name for the "
        f"OpenAI-compatible server at $OPENAI_BASE_URL, or one of: {ACCEPTED})"
    )
