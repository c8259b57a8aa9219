from checks import JobResult, build_passed, failed_jobs, slowest, status_badge, summarize

GREEN = [JobResult("lint", "success", 12), JobResult("test", "success", 95)]
MIXED = GREEN + [JobResult("docs", "failure", 30)]


def test_all_green():
    assert build_passed(GREEN)
    assert status_badge(GREEN) == "passing"


def test_no_jobs():
    assert not build_passed([])
    assert status_badge([]) == "no jobs"


def test_one_failed_job_fails_the_build():
    assert not build_passed(MIXED)
    assert status_badge(MIXED) == "failing"


def test_summary_and_failures():
    assert summarize(MIXED) == {"success": 2, "failure": 1}
    assert failed_jobs(MIXED) == ["docs"]


def test_slowest():
    assert slowest(MIXED, 2) == ["test", "docs"]
