class EventCounter:
    def __init__(self):
        self.counts = {}
        self.total = 0

    def record(self, event):
        self.counts[event] = self.counts.get(event, 0) + 1
        self.total += 1

    def share(self, event):
        if self.total == 0:
            return 0.0
        return self.counts.get(event, 0) / self.total

    def reset(self):
        self.counts = {}
