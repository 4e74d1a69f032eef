"""The hall's ways in: sign-in, the back office pages and the /api/v1 routes for the shared records."""
