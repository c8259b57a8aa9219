from collections import deque


def task_order(tasks, depends_on):
    """Order tasks so each comes after its prerequisites.

    depends_on: dict task -> list of prerequisite tasks. Returns None on a cycle.
    """
    indegree = {task: 0 for task in tasks}
    followers = {task: [] for task in tasks}
    for task, prereqs in depends_on.items():
        for prereq in prereqs:
            followers[prereq].append(task)
            indegree[task] += 1
    ready = deque(task for task in tasks if indegree[task] == 0)
    order = []
    while ready:
        task = ready.popleft()
        order.append(task)
        for follower in followers[task]:
            indegree[follower] -= 1
            if indegree[follower] == 0:
                ready.append(follower)
    return order if len(order) == len(tasks) else None
