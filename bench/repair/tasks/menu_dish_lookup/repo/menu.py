"""Looking dishes up on the menu and printing menu lines."""


def normalise(name):
    """A dish name folded for comparing: lower case, single spaces, no outer spaces."""
    return " ".join(name.lower().split())


def find_dish(menu, query):
    """The menu entry whose name matches query, ignoring case and spacing; None if none does."""
    wanted = query
    for dish in menu:
        if normalise(dish["name"]) == wanted:
            return dish
    return None


def menu_line(dish, width=32):
    """'Name ..... 12.50': the dish name and price joined by dots to width characters."""
    price = f"{dish['price']:.2f}"
    dots = width - len(dish["name"]) - len(price) - 2
    return f"{dish['name']} {'.' * max(dots, 1)} {price}"


def menu_section(menu, section, width=32):
    """Menu lines of the dishes in section, cheapest first."""
    dishes = [dish for dish in menu if dish["section"] == section]
    dishes.sort(key=lambda dish: dish["price"])
    return [menu_line(dish, width) for dish in dishes]
