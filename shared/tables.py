"""Import every models module so Base.metadata holds every table (for Alembic and the tests)."""
from __future__ import annotations

from sqlalchemy import MetaData

from bingo import models as bingo_models  # noqa: F401
from poker import models as poker_models  # noqa: F401
from shared import audit, models  # noqa: F401
from shared.db import Base


def metadata() -> MetaData:
    return Base.metadata
