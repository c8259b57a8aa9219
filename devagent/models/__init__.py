"""Model backends behind one small interface (`ModelBackend`), independent of AutoGen."""
