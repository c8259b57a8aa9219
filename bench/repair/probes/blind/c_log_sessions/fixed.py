def split_sessions(lines):
    """Group log lines into sessions; each session starts with a line 'START'."""
    sessions = []
    current = []
    for line in lines:
        if line == "START" and current:
            sessions.append(current)
            current = []
        current.append(line)
    if current:
        sessions.append(current)
    return sessions
