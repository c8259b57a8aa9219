class Rect:
    def __init__(self, x, y, width, height):
        self.x = x
        self.y = y
        self.width = width
        self.height = height

    def contains(self, px, py):
        inside_x = self.x <= px <= self.x + self.width
        return inside_x

    def overlaps(self, other):
        return not (other.x > self.x + self.width or other.x + other.width < self.x
                    or other.y > self.y + self.height or other.y + other.height < self.y)
