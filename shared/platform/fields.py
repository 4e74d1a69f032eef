"""Field types every API schema shares: money as text on the wire and integer cents inside, names,
days and row ids with bounds, and the error and health answers."""

from __future__ import annotations

from datetime import date
from typing import Any, ClassVar, Mapping

from marshmallow import Schema, ValidationError, fields, post_load, validate

from shared.core.money import MoneyFormatError, parse_cents, wire_cents


class Money(fields.Field[int]):
    """Dollars as text on the wire ("12.50", "$12.50", "12"), cents in Python."""

    def _serialize(self, value: int | None, attr: str | None, obj: Any, **kwargs: Any) -> str | None:
        return None if value is None else wire_cents(value)

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any) -> int:
        if not isinstance(value, str):
            raise ValidationError('An amount is text such as "12.50".')
        try:
            return parse_cents(value)
        except MoneyFormatError as exc:
            raise ValidationError(str(exc)) from None


def Name(**kwargs: Any) -> fields.String:
    return fields.String(validate=validate.Length(min=1, max=200), **kwargs)


MAX_ID = 2**31 - 1
EARLIEST_DAY = date(1900, 1, 1)
LATEST_DAY = date(2199, 12, 31)


def Day(**kwargs: Any) -> fields.Date:
    """An ISO date within the years a hall's records can mean (no year 1, no year 9999)."""
    return fields.Date(validate=validate.Range(min=EARLIEST_DAY, max=LATEST_DAY), **kwargs)


def Id(**kwargs: Any) -> fields.Integer:
    """A row id: a whole number that fits the column, never a float or a numeric string."""
    return fields.Integer(strict=True, validate=validate.Range(min=1, max=MAX_ID), **kwargs)


class ErrorSchema(Schema):
    error = fields.String(required=True)
    message = fields.String(required=True)
    rule = fields.String(allow_none=True, required=True)
    field_errors = fields.Dict(required=True, data_key="fields")


class HealthOut(Schema):
    status = fields.String()
    database = fields.String()


class RequestSchema(Schema):
    """A request's schema that loads into its frozen request dataclass (`request`), so a service takes a
    typed value, never a dict: the wire's names and checks here, the use case's fields there."""

    request: ClassVar[type]

    @post_load
    def _as_request(self, data: dict[str, Any], **kwargs: Any) -> Any:
        return self.request(**data)


class W2GWinnerIn(Schema):
    """IRS Form W-2G: the winner's name, address and the ID seen, sent with a payment the form reports
    (the payment's door refuses it without them, shared.core.tills.w2g_identification_refusal)."""

    winner_name = fields.String(
        load_default="", validate=validate.Length(max=100), metadata={"description": "IRS Form W-2G: when one is due"}
    )
    winner_address = fields.String(
        load_default="", validate=validate.Length(max=300), metadata={"description": "IRS Form W-2G: when one is due"}
    )
    winner_id = fields.String(
        load_default="",
        validate=validate.Length(max=60),
        metadata={"description": 'IRS Form W-2G: the ID seen, its kind and last digits ("DE licence 4567")'},
    )
