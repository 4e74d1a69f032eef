"""Issue 21: the statements of a ball call, a claim and a sale, sent once by a serving process before the
first of them arrives (shared/platform/warm_up.py), each with values that match no row: in both forms a
request may send them (an admin's, every organization; a member of staff's, their own organization's)."""

from __future__ import annotations

from sqlalchemy.orm import Session

from bingo.services.locks import occasion_and_chain_statement
from bingo.services.occasions import call_statement, claim_facts_statement, game_now_statement, listed_claims_statement
from bingo.services.selling import counter_statement

NO_ROW = 0
"""An id no row has (ids start at 1)."""


def warm_hot_statements(session: Session) -> None:
    """Each statement a call, a claim and a sale send that is built once per process."""
    for scoped in (False, True):
        scope = {"occasion_id": NO_ROW, **({"organizations": [NO_ROW]} if scoped else {})}
        session.execute(occasion_and_chain_statement(scoped), scope).all()
        for chain in (False, True):
            sale = {**scope, "station": "", "product_ids": [NO_ROW]}
            session.execute(counter_statement(chain, scoped), sale).unique().all()
    session.execute(call_statement(), {"occasion_id": NO_ROW, "number": NO_ROW}).all()
    session.execute(game_now_statement(), {"game_id": NO_ROW, "occasion_id": NO_ROW, "number": NO_ROW}).all()
    claim = {"occasion_id": NO_ROW, "number": NO_ROW, "series_id": NO_ROW, "face": NO_ROW}
    session.execute(claim_facts_statement(), claim).all()
    session.execute(listed_claims_statement(), {"game_id": NO_ROW}).all()
