"""The conversation's agents: AutoGen AssistantAgents for model-backed roles and
deterministic AutoGen agents for the tools, plus the adapters between AutoGen and our
backends. Nothing outside this package imports AutoGen, except the workflow graph."""
