"""Pure tests of shared/core."""
