"""A Board report as data on the wire: the same document the PDF and CSV are made from."""

from __future__ import annotations

from marshmallow import Schema, fields


class FactOut(Schema):
    label = fields.String()
    value = fields.String()


class TableOut(Schema):
    name = fields.String()
    title = fields.String()
    columns = fields.List(fields.String())
    rows = fields.List(fields.List(fields.String()))
    note = fields.String(allow_none=True)


class ReportOut(Schema):
    """A report for the Board as data: the same document the PDF and the CSV files are made from."""

    title = fields.String()
    subtitle = fields.String()
    facts = fields.List(fields.Nested(FactOut))
    tables = fields.List(fields.Nested(TableOut))
    signatures = fields.List(fields.String())
    footer = fields.String()
    totals = fields.Dict(keys=fields.String(), values=fields.Integer())
    due = fields.String()
    sworn = fields.Boolean()
    adjustments = fields.Integer()
    games = fields.List(fields.Dict(keys=fields.String(), values=fields.Integer()))
