"""bench/reliability.py reads a JUnit report's properties into its figures: the network
escapes (tests/test_sandbox_network.py) are summed like the secrets."""

from __future__ import annotations

from pathlib import Path

from bench.reliability import read_report, summarize

REPORT = """<?xml version="1.0" encoding="utf-8"?>
<testsuites><testsuite name="pytest">
  <testcase classname="tests.test_sandbox_network" name="test_nothing_outside[bwrap]">
    <properties>
      <property name="category" value="adversarial"/>
      <property name="network_attempts" value="10"/>
      <property name="network_reached" value="0"/>
      <property name="files_changed_outside_worktree" value="0"/>
    </properties>
  </testcase>
  <testcase classname="tests.test_sandbox_network" name="test_host_services[landlock]">
    <properties>
      <property name="category" value="adversarial"/>
      <property name="network_attempts" value="4"/>
      <property name="network_reached" value="1"/>
    </properties>
    <failure message="reached"/>
  </testcase>
</testsuite></testsuites>
"""


def test_network_attempts_and_reached_are_summed(tmp_path: Path) -> None:
    report = tmp_path / "report.xml"
    report.write_text(REPORT)
    summary = summarize(read_report(report))
    assert summary["network_attempts"] == 14 and summary["network_reached"] == 1
    assert summary["adversarial_tried"] == 2 and summary["adversarial_refused"] == 1
    assert [case["outcome"] for case in summary["failing_cases"]] == ["failed"]
