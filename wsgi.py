"""WSGI entry point for waitress, gunicorn or any WSGI server: `app` is the whole hall."""

from shared.platform.app import create_app

app = create_app()
