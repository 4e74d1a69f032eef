"""Series (perms): import a manufacturer's file, generate one from a seed, export, look up a face."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ColumnElement, Select, func, select
from sqlalchemy.orm import Session

from bingo.models import BingoFace, BingoSeries
from bingo.rules.faces import Face, export_series, generate_series, parse_series
from shared.core.violations import RuleViolation, Violation
from shared.hall.services.organizations import get_organization
from shared.platform.audit import Actor
from shared.platform.service_kit import finish, get_or_refuse

MAX_FACES = 100_000
MAX_PROBLEMS_SHOWN = 200


class SeriesRefused(RuleViolation):
    """A series file with bad lines: every line's problem, by line number."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__(
            Violation(
                "bad_series_file",
                f"The file has {len(problems)} problem(s); nothing was imported.",
                "10 DE Admin Code 101-4.12",
                "csv",
            )
        )
        self.problems = problems


def _numbers(face: Face) -> str:
    return ",".join(face.csv_row()[1:])


def _store(
    session: Session, actor: Actor, now: datetime, org_id: int, name: str, faces: list[Face], seed: int | None
) -> BingoSeries:
    org = get_organization(session, org_id)
    series = BingoSeries(organization_id=org.id, name=name, face_count=len(faces), seed=seed)
    session.add(series)
    session.flush()
    session.bulk_insert_mappings(
        BingoFace, [{"series_id": series.id, "face_number": f.number, "numbers": _numbers(f)} for f in faces]
    )
    finish(
        session, actor, now, "series.create", series, "bingo_series", {"name": name, "faces": len(faces), "seed": seed}
    )
    return series


def import_series(session: Session, actor: Actor, now: datetime, org_id: int, name: str, text: str) -> BingoSeries:
    """Import whole or not at all; a refusal lists every bad line."""
    faces, problems = parse_series(text)
    if problems:
        raise SeriesRefused([f"line {p.line}: {p.message}" for p in problems[:MAX_PROBLEMS_SHOWN]])
    if len(faces) > MAX_FACES:
        raise SeriesRefused([f"a series holds at most {MAX_FACES} faces"])
    return _store(session, actor, now, org_id, name, faces, None)


def generate(
    session: Session, actor: Actor, now: datetime, org_id: int, name: str, count: int, seed: int
) -> BingoSeries:
    return _store(session, actor, now, org_id, name, generate_series(count, seed), seed)


def list_series(session: Session, org_id: int) -> list[BingoSeries]:
    """The organization's series, the newest first."""
    get_organization(session, org_id)
    return list(
        session.scalars(
            select(BingoSeries).where(BingoSeries.organization_id == org_id).order_by(BingoSeries.id.desc())
        )
    )


def get_series(session: Session, series_id: int) -> BingoSeries:
    return get_or_refuse(session, BingoSeries, series_id, "series_id", "series")


def face_range(session: Session, series_id: int) -> tuple[int, int]:
    """The lowest and highest face number in the series (through the (series, face number) index), so a
    verifier's tablet can name the range when a number outside it is keyed."""
    get_series(session, series_id)
    low, high = session.execute(
        select(func.min(BingoFace.face_number), func.max(BingoFace.face_number)).where(BingoFace.series_id == series_id)
    ).one()
    return (low or 0, high or 0)


def _face(row: BingoFace) -> Face:
    return _cells(row.face_number, row.numbers)


def _cells(face_number: int, numbers: str) -> Face:
    values = [int(v) for v in numbers.split(",")]
    return Face.from_columns(face_number, [values[0:5], values[5:10], values[10:14], values[14:19], values[19:24]])


def export(session: Session, series_id: int) -> str:
    get_series(session, series_id)
    rows = session.scalars(select(BingoFace).where(BingoFace.series_id == series_id).order_by(BingoFace.face_number))
    return export_series(_face(row) for row in rows)


def face(session: Session, series_id: int, face_number: int) -> Face:
    """Constant-time lookup through the (series, face number) unique index."""
    get_series(session, series_id)
    return face_from(face_number, session.scalar(numbers_of(series_id, face_number)))


def numbers_of(series_id: int | ColumnElement[int], face_number: int | ColumnElement[int]) -> Select[str]:
    """A face's numbers, read alone or inside a statement of its own (the claim's)."""
    return select(BingoFace.numbers).where(BingoFace.series_id == series_id, BingoFace.face_number == face_number)


def face_from(face_number: int, numbers: str | None) -> Face:
    """10 DE Admin Code 101-4.27: the face the series holds under the number keyed, or the refusal
    naming the paper to check when the series has no such face."""
    if numbers is None:
        raise RuleViolation(
            Violation(
                "face_not_in_series",
                f"Face {face_number} is not in this occasion's series: check the number on the paper.",
                "10 DE Admin Code 101-4.27",
                "face_number",
                404,
            )
        )
    return _cells(face_number, numbers)
