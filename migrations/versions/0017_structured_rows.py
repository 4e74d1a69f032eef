"""structured rows: a tournament's tables and buttons, and 4.18 attendance tiers, as child rows instead of JSON text

Revision ID: 0017_structured_rows
Revises: 0016_identity
Create Date: 2026-12-01 16:22:00.544726
"""
from __future__ import annotations

import json
from typing import Any

import sqlalchemy as sa
from alembic import op

revision = '0017_structured_rows'
down_revision = '0016_identity'
branch_labels = None
depends_on = None

tournaments = sa.table('poker_tournaments', sa.column('id', sa.Integer()), sa.column('tables', sa.Text()),
                       sa.column('buttons', sa.Text()))
poker_tables = sa.table('poker_tables', sa.column('tournament_id', sa.Integer()), sa.column('number', sa.Integer()),
                        sa.column('seats', sa.Integer()), sa.column('button_seat', sa.Integer()))
# (the table holding the terms, its tier table, the tier table's column pointing at it)
TIERS = (('bingo_program_games', 'bingo_program_entry_tiers', 'entry_id'), ('bingo_games', 'bingo_game_tiers', 'game_id'))


def _terms(name: str) -> sa.TableClause:
    return sa.table(name, sa.column('id', sa.Integer()), sa.column('attendance_tiers', sa.Text()))


def _tiers(name: str, parent: str) -> sa.TableClause:
    return sa.table(name, sa.column(parent, sa.Integer()), sa.column('position', sa.Integer()),
                    sa.column('min_players', sa.Integer()), sa.column('prize_cents', sa.Integer()))


def _parsed(text: str | None, empty: Any, where: str) -> Any:
    """The JSON the app wrote ("" or NULL read as empty, as the services read them); anything else
    stops the upgrade with the row named, rather than dropping a hall's data."""
    if not text:
        return empty
    try:
        found = json.loads(text)
    except ValueError:
        found = None
    if not isinstance(found, type(empty)):
        raise RuntimeError(f"{where} holds {text[:80]!r}, which is not the JSON Flashboard writes there")
    return found


def _move_tables_to_rows() -> None:
    bind = op.get_bind()
    rows = []
    for tid, tables_text, buttons_text in bind.execute(sa.select(tournaments.c.id, tournaments.c.tables, tournaments.c.buttons)):
        seats = {int(n): v for n, v in _parsed(tables_text, {}, f"poker_tournaments {tid} tables").items()}
        buttons = {int(n): v for n, v in _parsed(buttons_text, {}, f"poker_tournaments {tid} buttons").items()}
        rows += [{'tournament_id': tid, 'number': n, 'seats': seats.get(n), 'button_seat': buttons.get(n)}
                 for n in sorted({*seats, *buttons})]
    if rows:
        bind.execute(poker_tables.insert(), rows)


def _move_tiers_to_rows() -> None:
    bind = op.get_bind()
    for terms_name, tiers_name, parent in TIERS:
        terms = _terms(terms_name)
        rows = []
        for rid, text in bind.execute(sa.select(terms.c.id, terms.c.attendance_tiers)):
            tiers = _parsed(text, [], f"{terms_name} {rid} attendance_tiers")
            rows += [{parent: rid, 'position': position, 'min_players': int(least), 'prize_cents': int(cents)}
                     for position, (least, cents) in enumerate(tiers, start=1)]
        if rows:
            bind.execute(_tiers(tiers_name, parent).insert(), rows)


def _rows_back_to_tables() -> None:
    bind = op.get_bind()
    found: dict[int, tuple[dict[str, int], dict[str, int]]] = {}
    query = sa.select(poker_tables).order_by(poker_tables.c.tournament_id, poker_tables.c.number)
    for tid, number, seats, button in bind.execute(query):
        tables, buttons = found.setdefault(tid, ({}, {}))
        if seats is not None:
            tables[str(number)] = seats
        if button is not None:
            buttons[str(number)] = button
    for (tid,) in bind.execute(sa.select(tournaments.c.id)):
        tables, buttons = found.get(tid, ({}, {}))
        bind.execute(tournaments.update().where(tournaments.c.id == tid)
                     .values(tables=json.dumps(tables), buttons=json.dumps(buttons)))


def _rows_back_to_tiers() -> None:
    bind = op.get_bind()
    for terms_name, tiers_name, parent in TIERS:
        terms, tiers = _terms(terms_name), _tiers(tiers_name, parent)
        found: dict[int, list[list[int]]] = {}
        query = sa.select(tiers.c[parent], tiers.c.min_players, tiers.c.prize_cents).order_by(tiers.c[parent], tiers.c.position)
        for rid, least, cents in bind.execute(query):
            found.setdefault(rid, []).append([least, cents])
        for (rid,) in bind.execute(sa.select(terms.c.id)):
            bind.execute(terms.update().where(terms.c.id == rid).values(attendance_tiers=json.dumps(found.get(rid, []))))


def _create_tier_table(name: str, parent: str, parent_table: str) -> None:
    """A 4.18 attendance-tier table: a program entry's tiers, or a played game's copy of them."""
    op.create_table(
        name,
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column(parent, sa.Integer(), nullable=False),
        sa.Column('position', sa.Integer(), nullable=False),
        sa.Column('min_players', sa.Integer(), nullable=False),
        sa.Column('prize_cents', sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint([parent], [f'{parent_table}.id'], name=op.f(f'fk_{name}_{parent}_{parent_table}')),
        sa.PrimaryKeyConstraint('id', name=op.f(f'pk_{name}')),
        sa.UniqueConstraint(parent, 'position', name=op.f(f'uq_{name}_{parent}_position')),
    )
    with op.batch_alter_table(name, schema=None) as batch_op:
        batch_op.create_index(batch_op.f(f'ix_{name}_{parent}'), [parent], unique=False)


def upgrade() -> None:
    _create_tier_table('bingo_program_entry_tiers', 'entry_id', 'bingo_program_games')

    op.create_table('poker_tables',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('tournament_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('seats', sa.Integer(), nullable=True),
    sa.Column('button_seat', sa.Integer(), nullable=True),
    sa.ForeignKeyConstraint(['tournament_id'], ['poker_tournaments.id'], name=op.f('fk_poker_tables_tournament_id_poker_tournaments')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_poker_tables')),
    sa.UniqueConstraint('tournament_id', 'number', name=op.f('uq_poker_tables_tournament_id_number'))
    )
    with op.batch_alter_table('poker_tables', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_poker_tables_tournament_id'), ['tournament_id'], unique=False)

    _create_tier_table('bingo_game_tiers', 'game_id', 'bingo_games')

    _move_tables_to_rows()
    _move_tiers_to_rows()

    with op.batch_alter_table('bingo_games', schema=None) as batch_op:
        batch_op.drop_column('attendance_tiers')

    with op.batch_alter_table('bingo_program_games', schema=None) as batch_op:
        batch_op.drop_column('attendance_tiers')

    with op.batch_alter_table('poker_tournaments', schema=None) as batch_op:
        batch_op.drop_column('tables')
        batch_op.drop_column('buttons')


def downgrade() -> None:
    with op.batch_alter_table('poker_tournaments', schema=None) as batch_op:
        batch_op.add_column(sa.Column('buttons', sa.Text(), nullable=True))
        batch_op.add_column(sa.Column('tables', sa.Text(), nullable=True))

    with op.batch_alter_table('bingo_program_games', schema=None) as batch_op:
        batch_op.add_column(sa.Column('attendance_tiers', sa.Text(), nullable=True))

    with op.batch_alter_table('bingo_games', schema=None) as batch_op:
        batch_op.add_column(sa.Column('attendance_tiers', sa.Text(), nullable=True))

    _rows_back_to_tables()
    _rows_back_to_tiers()

    with op.batch_alter_table('poker_tournaments', schema=None) as batch_op:
        batch_op.alter_column('buttons', existing_type=sa.Text(), nullable=False)
        batch_op.alter_column('tables', existing_type=sa.Text(), nullable=False)

    with op.batch_alter_table('bingo_program_games', schema=None) as batch_op:
        batch_op.alter_column('attendance_tiers', existing_type=sa.Text(), nullable=False)

    with op.batch_alter_table('bingo_games', schema=None) as batch_op:
        batch_op.alter_column('attendance_tiers', existing_type=sa.Text(), nullable=False)

    with op.batch_alter_table('bingo_game_tiers', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_bingo_game_tiers_game_id'))

    op.drop_table('bingo_game_tiers')
    with op.batch_alter_table('poker_tables', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_poker_tables_tournament_id'))

    op.drop_table('poker_tables')
    with op.batch_alter_table('bingo_program_entry_tiers', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_bingo_program_entry_tiers_entry_id'))

    op.drop_table('bingo_program_entry_tiers')
