"""Blueprints for the shared modules: sign-in, the back office, the JSON API and the health check."""
