"""Flashboard's shared modules: the app factory, configuration, database, money, audit, auth and
the organizations, members and licenses that bingo and poker both rely on."""
