"""The hall's entry points: `app` is the Flask application (WSGI), `hall` the whole hall with its
live screens on an event loop (ASGI), which `flashboard serve` runs under uvicorn
(`uvicorn wsgi:hall` does the same by hand).

The cyclic garbage collector waits while the app is built (issue 21: cold start): building it makes some
130,000 objects that live as long as the process and leaves almost no garbage, and the collector would
walk them over and over for nothing (about 0.1 s). They are then frozen (`gc.freeze`), so later
collections skip them as well, and the collector runs as usual from the first request on."""

import gc

gc.disable()
try:
    from shared.platform.app import create_app
    from shared.platform.live_screens import LiveHall

    app = create_app()
    hall = LiveHall(app)
finally:
    gc.freeze()
    gc.enable()
