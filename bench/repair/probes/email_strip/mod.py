def normalise_email(email):
    local, domain = email.split("@")
    return local + "@" + domain.lower()
