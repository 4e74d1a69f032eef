"""Pure tests of poker/rules: no database, no app; each named with its section."""
