"""Summaries of CI job results for the status page."""

from collections import Counter
from dataclasses import dataclass


@dataclass(frozen=True)
class JobResult:
    name: str
    status: str  # "success", "failure" or "skipped"
    seconds: float = 0.0


def summarize(results):
    """{status: count} over all jobs."""
    return dict(Counter(result.status for result in results))


def failed_jobs(results):
    """Names of jobs that failed, sorted."""
    return sorted(result.name for result in results if result.status == "failure")


def build_passed(results):
    """True when every job ran and succeeded; a build without jobs has not passed."""
    return bool(results) and any(result.status == "success" for result in results)


def status_badge(results):
    """Badge text: 'passing', 'failing' or 'no jobs'."""
    if not results:
        return "no jobs"
    return "passing" if build_passed(results) else "failing"


def slowest(results, count=3):
    """Names of the `count` longest-running jobs, slowest first."""
    ordered = sorted(results, key=lambda result: result.seconds, reverse=True)
    return [result.name for result in ordered[:count]]
