"""The workflows, one folder each: a plug-in on the engine (devagent/workflow/)."""
