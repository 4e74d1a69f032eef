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

from shared.core.violations import refuse

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


MAX_JSON_BYTES = 4 * 1024 * 1024
MAX_JSON_DEPTH = 16
"""The largest and deepest body any operation takes (a series file of 9,000 faces is about 700 KB;
a sale of 1,000 pack serials is about 8 KB and 4 levels deep); anything beyond is refused before it
is parsed or walked (the measured failure: JSON nested 1,000 deep, which anyone could send to the
sign-in, answered 500)."""


def json_body() -> Any:
    """The request's JSON, parsed once (Flask keeps it), or None when it is not JSON; refused before
    parsing when larger than MAX_JSON_BYTES and after parsing when deeper than MAX_JSON_DEPTH."""
    if (request.content_length or 0) > MAX_JSON_BYTES or len(request.get_data(cache=True)) > MAX_JSON_BYTES:
        raise refuse(
            "body_too_large",
            f"The request body is more than {MAX_JSON_BYTES // (1024 * 1024)} MB.",
            None,
            field="_body",
            status=413,
        )
    try:
        payload = request.get_json(force=True, silent=True)
    except RecursionError:
        payload = None
        too_deep = True
    else:
        too_deep = payload is not None and _too_deep(payload)
    if too_deep:
        raise refuse(
            "bad_json", f"The request body nests deeper than {MAX_JSON_DEPTH} levels.", None, field="_body", status=400
        )
    return payload


def _too_deep(payload: object) -> bool:
    """Walk the parsed body without recursion, so the walk itself cannot overflow."""
    stack: list[tuple[object, int]] = [(payload, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, (dict, list)):
            if depth > MAX_JSON_DEPTH:
                return True
            stack.extend((child, depth + 1) for child in (value.values() if isinstance(value, dict) else value))
    return False


def refuse_unstorable_text() -> None:
    """Before every request: refuse with 400 and the field's name when any text sent is unstorable."""
    field = unstorable_field(dict(request.view_args or {})) or _multi_field(request.args)
    if field is None and request.method not in {"GET", "HEAD", "OPTIONS"}:
        field = _multi_field(request.form) if request.form else unstorable_field(json_body())
    if field is not None:
        raise refuse("unstorable_text", MESSAGE, None, field=field, status=400)
