"""The hall's entry points: `app` is the Flask application (WSGI), `hall` the whole hall with its
live screens on an event loop (ASGI), which `flashboard serve` runs under uvicorn
(`uvicorn wsgi:hall` does the same by hand)."""

from shared.platform.app import create_app
from shared.platform.live_screens import LiveHall

app = create_app()
hall = LiveHall(app)
