"""Import every models module so Base.metadata holds every table (for Alembic and the tests)."""

from __future__ import annotations

from sqlalchemy import MetaData

from bingo import models as bingo_models  # noqa: F401
from poker import models as poker_models  # noqa: F401
from shared.hall import models as hall_models  # noqa: F401
from shared.platform import (
    audit,  # noqa: F401
    backups,  # noqa: F401
    idempotency,  # noqa: F401
)
from shared.platform.db import Base
from shared.printing import models as printing_models  # noqa: F401


def metadata() -> MetaData:
    return Base.metadata
