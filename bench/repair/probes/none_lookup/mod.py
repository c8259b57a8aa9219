def city_of(users, name):
    user = users.get(name)
    return user["city"]
