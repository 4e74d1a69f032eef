"""The pure core every domain shares: money in integer cents, the hall's calendar, cited violations,
the audit chain's arithmetic, lockout arithmetic, password hashing, cash rules and the staff roles."""
