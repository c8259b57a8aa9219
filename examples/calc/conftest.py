# Lets the tests import calc from the repository root.
