"""A tournament from setup to registration: the setup checked against its jurisdiction's profile
(and, in Delaware, its occasion licence: one sponsoring organization, $250 an occasion), the printed
rules generated from it, and buy-ins, re-buys and re-entries taken within the caps."""
from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from poker.models import Buy as BuyRow
from poker.models import Entry, Tournament
from poker.printed_rules import Section, printed_rules
from poker.profiles import PROFILES, Jurisdiction, Profile
from poker.registration import Buy, PlayerState, buy_refusal, price
from poker.setup import Level, Prize, RebuyPolicy, Setup, from_json, setup_violations, to_json
from shared import tills
from shared.audit import Actor
from shared.models import PokerOccasionLicense
from shared.services.common import check, finish, get_or_refuse
from shared.services.organizations import get_organization
from shared.violations import refuse

SETUP_FIELDS = ("final_table_size", "min_players", "other_charges_cents", "added_money_cents", "deals_allowed", "special_game",
                "charitable", "charity_percent", "rake_cents", "days", "announced_on")


def profile_of(tournament: Tournament) -> Profile:
    return PROFILES[Jurisdiction(tournament.jurisdiction)]


def setup_of(tournament: Tournament) -> Setup:
    return from_json(json.loads(tournament.setup))


def get_tournament(session: Session, tournament_id: int) -> Tournament:
    return get_or_refuse(session, Tournament, tournament_id, "tournament_id", "tournament")


def _licence(session: Session, profile: Profile, org_id: int, data: dict[str, Any]) -> int | None:
    """Delaware: the tournament runs under the sponsoring organization's occasion licence for that day."""
    if profile.one_sponsor is None:
        return None
    rule = profile.occasion_fee_cents.rule if profile.occasion_fee_cents else profile.one_sponsor.rule
    licence = session.get(PokerOccasionLicense, data["license_id"]) if data["license_id"] else None
    if licence is None or licence.organization_id != org_id:
        raise refuse("occasion_license_required", "A Delaware tournament runs under this organization's tournament occasion licence "
                     "($250 an occasion).", rule, "license_id", 422)
    if licence.occasion_date != data["starts_on"]:
        raise refuse("license_date", f"Licence {licence.number} is for {licence.occasion_date.isoformat()}.", rule, "starts_on", 422)
    return licence.id


def create(session: Session, actor: Actor, now: datetime, org_id: int, data: dict[str, Any]) -> Tournament:
    """Set up a tournament; every profile rule it breaks is refused with its citation (the first one
    named, the others in the fields)."""
    get_organization(session, org_id)
    profile = PROFILES[data["jurisdiction"]]
    setup = Setup(entry_fee_cents=data["entry_fee_cents"], starting_chips=data["starting_chips"],
                  levels=tuple(Level(**lv) for lv in data["levels"]), prizes=tuple(Prize(**p) for p in data["prizes"]),
                  rebuy=RebuyPolicy(**data["rebuy"]), starts_on=data["starts_on"], **{k: data[k] for k in SETUP_FIELDS})
    found = setup_violations(setup, profile)
    if found:
        first = found[0]
        others = "; ".join(f"{v.message} ({v.rule})" for v in found[1:])
        raise refuse(first.code, first.message + (f" Also: {others}" if others else ""), first.rule, first.field, first.status)
    licence_id = _licence(session, profile, org_id, data)
    row = Tournament(organization_id=org_id, license_id=licence_id, jurisdiction=profile.jurisdiction.value, name=data["name"],
                     starts_on=data["starts_on"], setup=json.dumps(to_json(setup)), status="registering", created_at=now)
    session.add(row)
    finish(session, actor, now, "tournament.create", row, "poker_tournament",
           {"name": row.name, "jurisdiction": row.jurisdiction, "setup": to_json(setup)})
    return row


def rules(session: Session, tournament: Tournament) -> tuple[Section, ...]:
    org = get_organization(session, tournament.organization_id)
    return printed_rules(setup_of(tournament), profile_of(tournament), org.name, tournament.name)


def pool_cents(tournament: Tournament) -> int:
    """The prize pool's source: every entry, re-buy and re-entry collected."""
    return sum(b.cents for e in tournament.entries for b in e.buys)


@dataclass(frozen=True)
class BuyResult:
    entry: Entry
    buy: BuyRow
    change_cents: int


def buy(session: Session, actor: Actor, now: datetime, tournament_id: int, data: dict[str, Any]) -> BuyResult:
    """An entry, re-buy or re-entry at the cashier: the policy and the caps checked, paid in full."""
    tournament = get_tournament(session, tournament_id)
    if tournament.status == "finished":
        raise refuse("tournament_finished", "This tournament is over.", None, "tournament_id", 409)
    setup, profile = setup_of(tournament), profile_of(tournament)
    kind = Buy(data["kind"])
    if kind is Buy.ENTRY:
        if not data["player_name"]:
            raise refuse("player_name_required", "Enter the player's name.", None, "player_name", 422)
        entry = Entry(number=max((e.number for e in tournament.entries), default=0) + 1, player_name=data["player_name"].strip(),
                      spent_cents=0, rebuys=0, reentries=0, eliminated=False)
        state = PlayerState()
    else:
        entry = next((e for e in tournament.entries if e.number == data["entry_number"]), None)  # type: ignore[assignment]
        if entry is None:
            raise refuse("not_found", "No such entry in this tournament.", None, "entry_number", 404)
        state = PlayerState(entry.spent_cents, entry.rebuys, entry.reentries, data["chips"], entry.eliminated, True)
    check(buy_refusal(setup, profile, state, kind, 1, data["tender"]))
    cost = price(setup, kind)
    check(tills.tender_refusal(data["tender"], cost, data["tendered_cents"]))
    if kind is Buy.ENTRY:
        tournament.entries.append(entry)
    entry.spent_cents += cost
    entry.rebuys += kind is Buy.REBUY
    entry.reentries += kind is Buy.REENTRY
    if kind is Buy.REENTRY:
        entry.eliminated = False
    row = BuyRow(kind=kind.value, cents=cost, tender=data["tender"], tendered_cents=data["tendered_cents"], at=now, cashier_name=actor.name)
    entry.buys.append(row)
    finish(session, actor, now, f"tournament.{kind.value}", row, "poker_buy",
           {"tournament": tournament.id, "entry": entry.number, "player": entry.player_name, "cents": cost})
    return BuyResult(entry, row, data["tendered_cents"] - cost)
