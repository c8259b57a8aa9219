from adoptions import match_adoptions, still_available, waiting_applicants


def test_animal_goes_to_first_applicant():
    applications = [("Ana", "Rex"), ("Ben", "Rex"), ("Ben", "Luna")]
    assert match_adoptions(applications, ["Rex", "Luna", "Tom"]) == {"Ana": "Rex", "Ben": "Luna"}


def test_one_animal_per_applicant():
    applications = [("Ana", "Rex"), ("Ana", "Luna"), ("Cy", "Luna")]
    assert match_adoptions(applications, ["Rex", "Luna"]) == {"Ana": "Rex", "Cy": "Luna"}


def test_unavailable_animal():
    assert match_adoptions([("Ana", "Ghost"), ("Ana", "Tom")], ["Tom"]) == {"Ana": "Tom"}
    assert match_adoptions([], ["Tom"]) == {}


def test_still_available():
    assert still_available(["Rex", "Luna", "Tom"], {"Ana": "Luna"}) == ["Rex", "Tom"]


def test_waiting_applicants():
    applications = [("Ana", "Rex"), ("Ben", "Rex"), ("Cy", "Tom"), ("Ben", "Tom")]
    assert waiting_applicants(applications, {"Ana": "Rex", "Cy": "Tom"}) == ["Ben"]
