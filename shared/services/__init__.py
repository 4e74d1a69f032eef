"""Use cases: each function loads, asks the rules, writes, appends its audit entry and commits, all in
one transaction. A refusal raises before anything is written."""
