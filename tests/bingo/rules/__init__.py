"""Pure tests of bingo/rules: no database, no app; each named with its section."""
