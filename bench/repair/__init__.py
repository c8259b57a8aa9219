"""Program-repair benchmark: small buggy repositories under tasks/ and the checker that validates them."""
