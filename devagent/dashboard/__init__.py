"""The review dashboard (Streamlit, an optional extra): runs from the trace store."""
