"""The fidelity benchmark (issue 38, section 5): real open-source projects tested the way
their developers test them, outside any sandbox and inside each of dev-agent's, and the fix
loop run end to end on one injected bug in each. `python -m bench.fidelity --help`."""
