from notify import recipients, should_notify


def test_disabled_user_is_not_notified():
    assert not should_notify(False, ["news"], "news")


def test_subscribed_user():
    assert should_notify(True, ["news"], "news")


def test_recipients():
    users = [{"name": "a", "enabled": True, "topics": ["news"]}]
    assert recipients(users, "news") == ["a"]
