"""Dev Agent: a local-first multi-agent fix loop on AutoGen and local models."""

__version__ = "0.1.0"
