"""The build backend: setuptools.build_meta, with one informational notice silenced.

An editable install of a project whose packages are not all under one source folder
(ours maps config/ and prompts/ into devagent.resources) makes setuptools emit an
`InformationOnly` "Editable installation" notice, and pip prints it as a
BuildBackendWarning that reads as if something were broken. Only that category is
ignored, and only around the editable build: every real setuptools warning still shows
(tests/test_packaging.py builds both ways and requires silence)."""

from __future__ import annotations

import warnings
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403  (every PEP 517/660 hook, unchanged)
from setuptools.warnings import InformationOnly


def build_editable(
    wheel_directory: str,
    config_settings: dict[str, Any] | None = None,
    metadata_directory: str | None = None,
) -> str:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", InformationOnly)
        return _setuptools.build_editable(wheel_directory, config_settings, metadata_directory)
