from collections import OrderedDict


class LRUCache:
    def __init__(self, capacity):
        self.capacity = capacity
        self.data = OrderedDict()

    def get(self, key, default=None):
        if key not in self.data:
            return default
        self.data.move_to_end(key)
        return self.data[key]

    def put(self, key, value):
        if len(self.data) >= self.capacity:
            self.data.popitem(last=False)
        self.data[key] = value
        self.data.move_to_end(key)
