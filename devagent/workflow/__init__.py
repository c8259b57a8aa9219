"""Workflows as data: a YAML manifest of agents and routes, pure conditions, a router,
and the compiler that turns a manifest into an AutoGen GraphFlow."""
