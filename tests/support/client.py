"""The API client the tests drive the app with: Flask's test client carrying the CSRF header every
state-changing call needs, and another member of staff signed in on a fresh client of the same app."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.support.factories import PASSWORD


class Api:
    """The test client with the CSRF header every state-changing call needs, as a browser page sends it."""

    def __init__(self, client: FlaskClient) -> None:
        self.client = client
        self.token = ""
        self.refresh()

    def refresh(self) -> None:
        self.token = self.client.get("/api/v1/session").get_json()["csrf_token"]

    def sign_in(self, username: str, password: str | None = None, pin: str | None = None) -> Any:
        body: dict[str, Any] = {"username": username}
        body["pin" if pin else "password"] = pin or password
        reply = self.client.post("/api/v1/session", json=body, headers={"X-CSRF-Token": self.token})
        if reply.status_code == 200:
            self.token = reply.get_json()["csrf_token"]
        return reply

    def get(self, path: str, **kwargs: Any) -> Any:
        return self.client.get(path, **kwargs)

    def send(self, method: str, path: str, json: Any = None, **kwargs: Any) -> Any:
        headers = {"X-CSRF-Token": self.token, **kwargs.pop("headers", {})}
        return self.client.open(path, method=method, json=json, headers=headers, **kwargs)

    def post(self, path: str, json: Any = None, **kwargs: Any) -> Any:
        return self.send("POST", path, json, **kwargs)

    def patch(self, path: str, json: Any = None, **kwargs: Any) -> Any:
        return self.send("PATCH", path, json, **kwargs)

    def put(self, path: str, json: Any = None, **kwargs: Any) -> Any:
        return self.send("PUT", path, json, **kwargs)


def staff(api: Api, username: str) -> Api:
    """Another member of staff signed in by password on a fresh test client of the same app."""
    fresh = Api(api.client.application.test_client())
    assert fresh.sign_in(username, PASSWORD).status_code == 200
    return fresh
