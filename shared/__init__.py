"""Flashboard's shared packages: the pure core, the platform (app factory, database, sign-in, audit, live
events), the hall domain (organizations, members, licences, staff), printing and report rendering."""
