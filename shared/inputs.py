"""DESIGN.md "Bad input gets a clear error naming the field": text the databases cannot store is
refused at the door. PostgreSQL rejects a NUL character in any text value, and an unpaired
surrogate (which JSON's \\uD800 escapes can carry) cannot be encoded as UTF-8 at all; either one
reaching a query would be a 500 on PostgreSQL while SQLite quietly stored it. One check before
every view, over the URL's parts, the query string, the form and the JSON body, means no screen or
API operation has to remember it.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from flask import request

from shared.violations import refuse

UNSTORABLE = re.compile("[\x00\ud800-\udfff]")
MESSAGE = "Text may not contain a NUL character or an unpaired surrogate; retype the value."


def unstorable_field(value: Any, path: str = "") -> str | None:
    """The dotted path of the first string in `value` (keys included) that the database cannot
    store, or None when every string is storable."""
    if isinstance(value, str):
        return (path or "_body") if UNSTORABLE.search(value) else None
    if isinstance(value, Mapping):
        for key, item in value.items():
            name = f"{path}.{key}" if path else str(key)
            if isinstance(key, str) and UNSTORABLE.search(key):
                return name
            found = unstorable_field(item, name)
            if found is not None:
                return found
        return None
    if isinstance(value, list):
        for index, item in enumerate(value):
            found = unstorable_field(item, f"{path}.{index}" if path else str(index))
            if found is not None:
                return found
    return None


def _multi_field(multi: Any) -> str | None:
    for key, items in multi.lists():
        for item in items:
            found = unstorable_field({key: item})
            if found is not None:
                return found
    return None


def refuse_unstorable_text() -> None:
    """Before every request: refuse with 400 and the field's name when any text sent is unstorable."""
    field = unstorable_field(dict(request.view_args or {})) or _multi_field(request.args)
    if field is None and request.method not in {"GET", "HEAD", "OPTIONS"}:
        field = _multi_field(request.form) if request.form else unstorable_field(request.get_json(force=True, silent=True))
    if field is not None:
        raise refuse("unstorable_text", MESSAGE, None, field=field, status=400)
