"""What crosses the wire for the print queue and the printers' status."""

from __future__ import annotations

from marshmallow import Schema, fields, validate


class PrintJobOut(Schema):
    id = fields.Integer()
    station = fields.String()
    kind = fields.String()
    reference = fields.String()
    status = fields.String(
        metadata={
            "description": "pending; printed (the printer confirmed it); not_printed (nothing reached the "
            "printer); unconfirmed (sent, not confirmed: check the paper, then confirm or reprint)"
        }
    )
    attempts = fields.Integer()
    reprints = fields.Integer()
    last_error = fields.String(allow_none=True)
    created_at = fields.DateTime()
    printed_at = fields.DateTime(allow_none=True)
    printed_station = fields.String(allow_none=True, metadata={"description": "the printer that last took it"})
    reprinted_at = fields.DateTime(allow_none=True)
    reprinted_by = fields.String(allow_none=True)


class PrintQueueQuery(Schema):
    station = fields.String(load_default=None, validate=validate.Length(max=100))


class ReprintIn(Schema):
    station = fields.String(load_default=None, allow_none=True, validate=validate.Length(min=1, max=100))


class PrinterStatusOut(Schema):
    station = fields.String()
    reachable = fields.Boolean()
    online = fields.Boolean()
    paper = fields.String()
    detail = fields.String()
