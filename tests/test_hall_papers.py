"""The papers an occasion posts (10 DE Admin Code 101-4.13, 4.20, 4.30.1.5) through the API: the printed
program and the house-rules sheet as PDF pages, read back as text, and as print jobs at the station's
printer, committed before the printer is tried, TRAINING on a training occasion's."""

from __future__ import annotations

import json
from datetime import datetime
from zoneinfo import ZoneInfo

import pypdfium2 as pdfium
from flask import Flask
from sqlalchemy import select
from sqlalchemy.orm import Session

from bingo.models import Occasion
from bingo.services import hall_papers
from shared.hall.services.staff import KdfCost
from shared.platform.demo import load_demo
from shared.printing.jobs import PrintDesk
from shared.printing.models import PrintJob
from shared.reports import pdf
from tests.support.client import Api, staff
from tests.support.clock import Clock
from tests.support.factories import TEST_KDF_N
from tests.support.papers import papers_night
from tests.support.replies import ok

MORNING = datetime(2026, 12, 5, 9, 0, tzinfo=ZoneInfo("America/New_York"))


def pdf_text(data: bytes) -> str:
    document = pdfium.PdfDocument(data)
    return " ".join(" ".join(page.get_textpage().get_text_range().split()) for page in document)


def test_4_13_program_pdf_lists_the_games_the_caller_plays_with_prizes_upick_and_jar(
    admin: Api, session: Session, clock: Clock
) -> None:
    """The two downloads are compared byte for byte, and each page's foot says when it was produced, to the
    minute: the hall's clock is held, or a minute turning between them changes the compressed page."""
    hall, occ = papers_night(admin, session)
    caller = staff(admin, f"caller{hall.org.id}")
    reply = caller.client.get(occ + "/program.pdf")
    assert reply.status_code == 200 and reply.mimetype == "application/pdf"
    text = pdf_text(reply.data)
    games = ok(caller.get(occ))["games"]
    for game in games:
        assert f"{game['number']}. {game['pattern_name'].split(',')[0]}" in text or game["kind"] == "u_pick_em", game
    for item in [
        "bingo program",
        "1. Four corners",
        "Cover the four corner squares.",
        "$150.00 with 100 or more players; $200.00 with 150 or more",
        "$350.00 if bingo is within 52 calls",
        "A handmade quilt (value $50.00)",
        "Any one of 16 ways, three drawn.",
        "6. U Pick Em, pick 8",
        "U Pick Em games (10 DE Admin Code 101-4.30.1.5)",
        "30 numbers are drawn and posted at once.",
        "$640.00 (jar 1, 101-4.31.1)",
        "$10.00",
        "1-888-850-8888",
    ]:
        assert item in text, item
    assert caller.client.get(occ + "/program.pdf").data == reply.data


def test_4_20_house_rules_pdf_states_the_occasions_house_rules_and_sections(admin: Api, session: Session) -> None:
    hall, occ = papers_night(admin, session)
    occasion = session.scalars(select(Occasion).where(Occasion.organization_id == hall.org.id)).one()
    occasion.split_whole_dollars = True
    session.commit()
    text = pdf_text(admin.client.get(occ + "/house-rules.pdf").data)
    for item in [
        "house rules",
        "A bingo counts only if the last number called completes it",
        "in whole dollars",
        "one winner is drawn at random",
        "You must be 18 or older to play.",
        "10 DE Admin Code 101-4.3",
        "U Pick Em: pick from 1 to 75",
        "Break-open sheets are sold until calling resumes",
        "posted in at least four places",
        "1-888-850-8888",
    ]:
        assert item in text, item


def test_4_13_4_20_print_actions_commit_a_print_job_for_the_stations_printer(admin: Api, session: Session) -> None:
    _, occ = papers_night(admin, session)
    program = ok(admin.post(occ + "/program/print", {}), 201)
    rules = ok(admin.post(occ + "/house-rules/print", {}), 201)
    assert program["kind"] == "bingo_program" and rules["kind"] == "bingo_house_rules"
    assert program["status"] == "not_printed" and "no printer configured" in program["last_error"]
    stored = session.get(PrintJob, program["id"])
    assert stored is not None
    document = json.loads(stored.document)
    assert document["title"].endswith("BINGO PROGRAM") and "- 1. Four corners (regular)" in document["body"]
    assert "  X . . . X" in document["body"] and not document["training"]


def test_training_occasion_papers_say_training_on_the_pdf_and_the_receipt(app: Flask) -> None:
    load_demo(app.extensions["flashboard.db"].sessions, MORNING, KdfCost(TEST_KDF_N))
    with app.extensions["flashboard.db"].sessions() as s:
        occasion = s.scalars(select(Occasion).where(Occasion.occasion_date == MORNING.date())).one()
        assert occasion.training
        program = hall_papers.program_document(s, occasion.id)
        rules = hall_papers.house_rules_document(s, occasion.id, ())
        assert program.training and program.title.startswith("TRAINING") and rules.title.startswith("TRAINING")
        job = hall_papers.print_program(s, MORNING, occasion.id, PrintDesk({}, "front"))
        assert json.loads(job.document)["training"] is True
        assert "TRAINING" in pdf_text(pdf.render(program, MORNING))
