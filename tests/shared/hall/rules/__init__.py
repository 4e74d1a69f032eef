"""Pure tests of shared/hall/rules: no database, no app; each named with its section."""
