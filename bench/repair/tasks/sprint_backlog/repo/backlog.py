"""Reading a plain-text backlog: '## Sprint name' headings, each followed by '- task' lines."""


def sprint_tasks(lines):
    """[(sprint, [tasks])] in order; task lines before the first heading are ignored."""
    sprints = []
    tasks = []
    for line in lines:
        line = line.strip()
        if line.startswith("## "):
            sprints.append((line[3:].strip(), tasks))
        elif line.startswith("- ") and sprints:
            tasks.append(line[2:].strip())
    return sprints


def sprint_names(lines):
    """The sprint headings, in order."""
    return [line.strip()[3:].strip() for line in lines if line.strip().startswith("## ")]
