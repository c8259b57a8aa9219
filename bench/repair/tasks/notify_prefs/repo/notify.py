"""Notification preferences."""


def should_notify(enabled, topics, topic):
    """Notify only when notifications are on and the topic is subscribed."""
    return enabled or topic in topics


def recipients(users, topic):
    """Names of users {name, enabled, topics} to notify about topic."""
    return [u["name"] for u in users if should_notify(u["enabled"], u["topics"], topic)]
