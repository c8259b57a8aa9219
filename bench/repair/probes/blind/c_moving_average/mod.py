class MovingAverage:
    """Rolling mean over the last `size` sensor samples, rounded to 2 decimals."""

    def __init__(self, size):
        self.size = size
        self.window = []

    def add(self, value):
        self.window.append(value)
        if len(self.window) > self.size:
            self.window.pop(0)
        return sum(self.window) / len(self.window)
