"""The hall's use cases: each function loads, asks the rules, writes with its audit entry and commits.
A refusal raises before anything is written."""
