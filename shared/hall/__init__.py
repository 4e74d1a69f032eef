"""The hall domain: organizations, premises, members, licences, vendors, the work roster and the staff
accounts, with the same rooms as a game (rules, models, schemas, services, web)."""
