"""The set-up file an organiser supplies (TB-2.3): the scenario, the provinces with their
Theaters, adjacencies and Italian Allies track, the leaders' ratings from the counter sheet, the
opening Armies, and optional charts. Loading checks it and refuses it with every problem listed
(TB-2.5); the rulebook's own facts (the Theaters, TB-2.1) are constants here, not the
organiser's to type."""

from __future__ import annotations

import functools
import tomllib
from dataclasses import dataclass, field
from typing import Any

from campaign.errors import CampaignError
from campaign.input import text
from campaign.kinds.thunderbolt.board import charts, offices, rules
from campaign.kinds.thunderbolt.board import war_chart as macedonia_chart
from campaign.kinds.thunderbolt.board.charts import FAMILIES
from campaign.kinds.thunderbolt.board.citizens import read as citizens_in_play
from campaign.kinds.thunderbolt.board.offices import Magistrate
from campaign.kinds.thunderbolt.board.politics import RECRUIT, VETERAN, Legion
from campaign.kinds.thunderbolt.board.tribes_chart import Tribe, tribes_of
from campaign.kinds.thunderbolt.board.war import BOX as MACEDONIA_BOX
from campaign.kinds.thunderbolt.board.war import THEATER as MACEDONIA

THEATERS = (
    "Roman Italy",
    "Sicily",
    "Sardinia and Corsica",
    "Liguria",
    "Gallia Cisalpina",
    "Gallia Transalpina",
    "Africa",
    "Mauretania",
    "Hispania",
    MACEDONIA,
)
"""TB-2.1: the Theaters (Macedonia a holding box that counts as one)."""
SIDES = ("rome", "carthage")
BATTLE_LETTERS = ("A", "B", "C", "D", "E")
RATINGS = ("guile", "mortality", "initiative", "campaign")


class SetUpError(CampaignError):
    """A set-up file that cannot be played; `problems` lists every fault found (TB-2.5)."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("The set-up file cannot be used (TB-2.5): " + "; ".join(problems) + ".")


@dataclass(frozen=True)
class Province:
    id: str
    name: str
    theater: str
    adjacent: tuple[str, ...]
    alliance: int | None = None
    """TB-15.1: its level on the Italian Allies track (−4…4), None off the track."""
    allied_to: str | None = None
    defection_sp: int = 0
    island: str | None = None
    """TB-2.3, TB-8.6: the island whose governor it falls to (sicily, sardinia), if any."""
    manpower: int = 0
    """TB-28.1: the SP its Province Information Chart shows (7.27; `manpower`, else the same
    figure a defection gives, `defection_sp`, 10.31)."""


@dataclass(frozen=True)
class Leader:
    id: str
    side: str
    number: str
    name: str
    family: str | None
    guile: int
    mortality: int
    initiative: int
    battle: str
    campaign: int


@dataclass(frozen=True)
class Army:
    id: str
    commander: str | None
    sp: int
    aer: int
    province: str


@dataclass(frozen=True)
class SetUp:
    name: str
    first_year: int
    last_year: int
    family_in_power: str
    provinces: dict[str, Province]
    leaders: dict[str, Leader]
    armies: dict[str, Army] = field(default_factory=dict)
    tables: dict[str, Any] = field(default_factory=dict)
    legions: dict[str, Legion] = field(default_factory=dict)
    """TB-11.1: Rome's opening Legions."""
    cas: dict[int, tuple[str, ...]] = field(default_factory=dict)
    """TB-6.3: the opening Consular Armies, by number."""
    magistrates: tuple[Magistrate, ...] = ()
    """TB-6: the opening offices, with their Imperium and assignments."""
    triumphs: dict[str, str] = field(default_factory=dict)
    """TB-10.9: leaders in the Triumph Holding Box at the start, with the office in which they
    earned it in the Game Turn before the first."""
    augury_marker: bool = False
    """TB-4.1: the scenario puts the Augury marker in the cup."""
    carthaginian_oc: str | None = None
    """TB-13.7: Carthage's Overall Commander at the start, an Army Commander (`[start] oc`)."""
    tribes: dict[str, Tribe] = field(default_factory=dict)
    """TB-23.1: the scenario's tribes (`[tribes.ID]`), none in a scenario without them."""
    naval: dict[str, int] = field(default_factory=dict)
    """TB-26.1: each Naval Zone's NS Level at the start (`[naval]`, zone = level: Rome's above 0,
    Carthage's below); none in a scenario that keeps none."""
    manpower: dict[str, int] = field(default_factory=dict)
    """TB-25.1: the Carthaginian Manpower Holding Boxes at the start (`[start.manpower]`,
    contingent = SP); none where the scenario uses no pools (the short ones, 7.32)."""
    macedonia: str = ""
    """TB-27.1: the Macedonian War at the start where the optional rule is in play (`[macedonia]
    war = "not begun"` or `"underway"`); "" where it is not (11.0)."""
    macedonia_legions: tuple[str, ...] = ()
    """TB-27.1: the opening Legions in the Macedonia Holding Box (`[macedonia] legions`)."""
    citizens: int | None = None
    """TB-29.1: the SP of Carthaginian Citizens in play at the start (`[start] citizens`); None
    where the scenario does not give them."""

    @property
    def track(self) -> list[str]:
        """TB-15.1: the provinces on the Italian Allies track."""
        return [p.id for p in self.provinces.values() if p.alliance is not None]

    @property
    def roma(self) -> str:
        """TB-10.9: the province Roma stands in, Latium on the map; "" in a set-up without it
        (where a Triumph's place is the table's)."""
        return ROMA_PROVINCE if ROMA_PROVINCE in self.provinces else ""

    def year(self, turn: int) -> int:
        """TB-1.2: Game Turn n as its year BCE, counting down from the first."""
        return self.first_year - (turn - 1)

    @property
    def turns(self) -> int:
        return self.first_year - self.last_year + 1


@functools.lru_cache(maxsize=16)
def load(source: str) -> SetUp:
    """Parse and check a set-up file, refusing it with every problem found (TB-2.5). Every fold
    of a campaign starts from its set-up's text, so the parse is kept by the text (read only:
    nothing changes a SetUp)."""
    try:
        data = tomllib.loads(source)
    except tomllib.TOMLDecodeError as error:
        raise SetUpError([f"it is not valid TOML ({error})"]) from None
    except RecursionError:
        raise SetUpError(["it is nested too deeply to be a set-up file"]) from None
    problems: list[str] = []
    scenario = _scenario(data.get("scenario"), problems)
    tables = charts.read(data.get("tables"), problems)
    provinces = _provinces(data.get("provinces"), problems)
    leaders = _leaders(data.get("leaders"), problems)
    start = data.get("start") if isinstance(data.get("start"), dict) else {}
    armies = _armies(start.get("armies"), provinces, leaders, problems)
    macedonia, boxed = macedonia_chart.read(data.get("macedonia"), problems)
    legions = _legions(start.get("legions"), provinces, problems, boxed)
    cas = _cas(start.get("cas"), legions, problems)
    magistrates = _magistrates(start.get("magistrates"), leaders, legions, cas, provinces, problems)
    triumphs = _triumphs(start.get("triumphs"), leaders, magistrates, problems)
    manpower = _manpower(start.get("manpower"), problems)
    citizens = citizens_in_play(start.get("citizens"), problems)
    naval = _naval(data.get("naval"), problems)
    tribes = tribes_of(data.get("tribes"), provinces, problems)
    oc = start.get("oc")
    if oc is not None and oc not in {a.commander for a in armies.values()}:
        problems.append(f"[start] oc {oc!r} commands no Carthaginian Army (TB-13.7)")
    if problems:
        raise SetUpError(problems)
    return SetUp(
        scenario["name"],
        scenario["first_year"],
        scenario["last_year"],
        scenario["family_in_power"],
        provinces,
        leaders,
        armies,
        tables,
        legions,
        cas,
        magistrates,
        triumphs,
        scenario["augury_marker"],
        oc,
        tribes,
        naval,
        manpower,
        macedonia,
        boxed,
        citizens,
    )


def _scenario(table: Any, problems: list[str]) -> dict[str, Any]:
    table = table if isinstance(table, dict) else {}
    name, first, last = table.get("name"), table.get("first_year"), table.get("last_year")
    family = table.get("family_in_power")
    if not isinstance(name, str) or not name.strip():
        problems.append("[scenario] has no name")
    if not (isinstance(first, int) and isinstance(last, int) and first >= last > 0):
        problems.append("[scenario] needs first_year and last_year BCE, the first the larger")
    elif first - last + 1 > MAX_TURNS:
        problems.append(
            f"[scenario] spans {first - last + 1} years; a scenario is at most {MAX_TURNS} Game "
            "Turns (TB-1.2)"
        )
    if family not in FAMILIES:
        problems.append(f"[scenario] family_in_power is Barcid or Magonid, not {family!r}")
    augury = table.get("augury_marker", False)
    if not isinstance(augury, bool):
        problems.append(f"[scenario] augury_marker is true or false, not {augury!r}")
    return {
        "name": name,
        "first_year": first,
        "last_year": last,
        "family_in_power": family,
        "augury_marker": augury is True,
    }


ISLANDS = {"Sicily": "sicily", "Sardinia and Corsica": "sardinia"}
"""TB-8.6: the islands with a governor, by the Theater each lies in."""
ISLAND_WORDS = {"sicily": "sicilia", "sardinia": "sardinia"}


def default_island(pid: str, name: str, theater: str) -> str | None:
    """TB-8.6 and TB-18.6: East and West Sicilia are Sicily's, Northern and Southern Sardinia
    Sardinia's (not Liparae Insulae, Melita, Cossyra or Corsica); a province's `island` in the
    set-up says otherwise."""
    island = ISLANDS.get(theater)
    said = f"{pid} {name}".lower()
    return island if island and ISLAND_WORDS[island] in said else None


def _provinces(table: Any, problems: list[str]) -> dict[str, Province]:
    if not isinstance(table, dict) or not table:
        problems.append("it has no [provinces]")
        return {}
    provinces = {}
    for pid, spec in table.items():
        spec = spec if isinstance(spec, dict) else {}
        theater = spec.get("theater")
        if theater not in THEATERS:
            problems.append(f"province {pid} is in an unknown Theater {theater!r}")
            continue
        adjacent = spec.get("adjacent", [])
        alliance, allied_to = spec.get("alliance"), spec.get("allied_to")
        if alliance is not None:
            if theater != "Roman Italy":
                problems.append(
                    f"province {pid} is on the Italian Allies track outside Roman Italy"
                )
            if not isinstance(alliance, int) or not -rules.TOP <= alliance <= rules.TOP:
                problems.append(f"province {pid}'s alliance {alliance!r} is beyond −4…4")
            if allied_to not in SIDES:
                problems.append(f"province {pid} is allied to rome or carthage, not {allied_to!r}")
        island = spec.get("island", default_island(pid, str(spec.get("name") or pid), theater))
        if island is not None and island not in ISLANDS.values():
            problems.append(f"province {pid}'s island is sicily or sardinia, not {island!r}")
        provinces[pid] = Province(
            pid,
            text.listed(str(spec.get("name") or pid), f"province {pid}'s name", problems),
            theater,
            tuple(adjacent),
            alliance,
            allied_to,
            _whole(spec, "defection_sp", pid, problems),
            island,
            _whole(spec, "manpower", pid, problems, _whole(spec, "defection_sp", pid, [])),
        )
    for province in provinces.values():
        for other in province.adjacent:
            if other not in provinces:
                problems.append(f"province {province.id} is adjacent to {other}, no province")
            elif province.id not in provinces[other].adjacent:
                problems.append(
                    f"province {province.id} lists {other} as adjacent, but not the other way"
                )
    return provinces


def _whole(spec: dict, key: str, pid: str, problems: list[str], default: int = 0) -> int:
    """A province's figure from the PIC (TB-15.5, TB-28.1): a whole number from 0."""
    value = spec.get(key, default)
    if type(value) is not int or value < 0:
        problems.append(f"province {pid}'s {key} is a whole number from 0, not {value!r}")
        return 0
    return value


def _leaders(table: Any, problems: list[str]) -> dict[str, Leader]:
    leaders: dict[str, Leader] = {}
    numbers: dict[tuple[str, str], str] = {}
    for lid, spec in (table or {}).items():
        spec = spec if isinstance(spec, dict) else {}
        missing = [r for r in RATINGS if not isinstance(spec.get(r), int)]
        if missing:
            problems.append(f"leader {lid} has no {', '.join(missing)} rating")
        if spec.get("battle") not in BATTLE_LETTERS:
            problems.append(f"leader {lid}'s Battle rating is A–E, not {spec.get('battle')!r}")
        side, number = spec.get("side"), str(spec.get("number", ""))
        if side not in SIDES:
            problems.append(f"leader {lid} is on side rome or carthage, not {side!r}")
        if (side, number) in numbers:
            problems.append(f"leaders {numbers[(side, number)]} and {lid} share number {number}")
        numbers[(side, number)] = lid
        if side == "carthage" and spec.get("family") not in FAMILIES:
            problems.append(f"Carthaginian leader {lid} has no family (Barcid or Magonid)")
        if not missing and spec.get("battle") in BATTLE_LETTERS and side in SIDES:
            leaders[lid] = Leader(
                lid,
                side,
                number,
                text.listed(str(spec.get("name") or lid), f"leader {lid}'s name", problems),
                spec.get("family"),
                *(spec[r] for r in ("guile", "mortality", "initiative")),
                spec["battle"],
                spec["campaign"],
            )
    return leaders


def _armies(table: Any, provinces: dict, leaders: dict, problems: list[str]) -> dict[str, Army]:
    armies = {}
    for spec in table or []:
        spec = spec if isinstance(spec, dict) else {}
        aid, aer, sp = str(spec.get("id", "?")), spec.get("aer"), spec.get("sp")
        commander, province = spec.get("commander"), spec.get("province")
        if not isinstance(aer, int) or not rules.AER_LOWEST <= aer <= rules.AER_HIGHEST:
            problems.append(f"Army {aid}'s AER {aer!r} is outside −3…+3 (TB-14.1)")
        if not isinstance(sp, int) or sp < 1:
            problems.append(f"Army {aid} has no strength in SP")
        if commander is not None and commander not in leaders:
            problems.append(f"Army {aid}'s commander {commander} is no leader of the file")
        if province not in provinces:
            problems.append(f"Army {aid} stands in {province!r}, no province of the file")
        armies[aid] = Army(aid, commander, sp if isinstance(sp, int) else 0, aer or 0, province)
    return armies


KINDS = ("regular", "Marine", "Slave")


def _legions(
    table: Any, provinces: dict, problems: list[str], boxed: tuple[str, ...] = ()
) -> dict[str, Legion]:
    """TB-11.1: each opening Legion's id, kind, discipline, SP in four classes and province (none
    for one in the Macedonia Holding Box, TB-27.1)."""
    legions: dict[str, Legion] = {}
    for spec in table or []:
        spec = spec if isinstance(spec, dict) else {}
        lid = str(spec.get("id", "?"))
        kind, discipline = spec.get("kind", "regular"), spec.get("discipline", RECRUIT)
        sp, province = spec.get("sp", [9, 1, 9, 3]), spec.get("province")
        if lid in legions:
            problems.append(f"Legion {lid} is listed twice")
        if kind not in KINDS:
            problems.append(f"Legion {lid} is regular, Marine or Slave, not {kind!r}")
        if discipline not in (RECRUIT, VETERAN):
            problems.append(f"Legion {lid} is Recruit or Veteran, not {discipline!r}")
        if not (
            isinstance(sp, list) and len(sp) == 4 and all(isinstance(n, int) and n >= 0 for n in sp)
        ):
            problems.append(f"Legion {lid}'s sp is four whole numbers (TB-11.1), not {sp!r}")
            sp = [0, 0, 0, 0]
        if lid in boxed:
            legions[lid] = Legion(lid, discipline, *sp, kind=kind, place=MACEDONIA_BOX)
            continue
        if province not in provinces:
            problems.append(f"Legion {lid} stands in {province!r}, no province of the file")
        legions[lid] = Legion(lid, discipline, *sp, kind=kind, province=str(province))
    problems.extend(f"[macedonia] holds Legion {lg}, no opening Legion" for lg in boxed
                    if lg not in legions)  # fmt: skip
    return legions


def _cas(table: Any, legions: dict, problems: list[str]) -> dict[int, tuple[str, ...]]:
    """TB-6.3: a CA is a numbered group of one or two Legions."""
    cas: dict[int, tuple[str, ...]] = {}
    owner: dict[str, int] = {}
    for spec in table or []:
        spec = spec if isinstance(spec, dict) else {}
        number, members = spec.get("number"), spec.get("legions")
        if not isinstance(number, int) or number < 1 or number in cas:
            problems.append(f"a CA needs a number of its own, not {number!r} (TB-6.3)")
            continue
        if not isinstance(members, list) or not 1 <= len(members) <= 2:
            problems.append(f"CA {number} is one or two Legions (TB-6.3)")
            continue
        for legion in members:
            if legion not in legions:
                problems.append(f"CA {number} lists Legion {legion}, no Legion of the file")
            elif legion in owner:
                problems.append(f"Legion {legion} is in CA {owner[legion]} and CA {number}")
            owner[str(legion)] = number
        cas[number] = tuple(str(m) for m in members)
    return cas


def _magistrates(
    table: Any, leaders: dict, legions: dict, cas: dict, provinces: dict, problems: list[str]
) -> tuple[Magistrate, ...]:
    """TB-6: the opening offices, each with its CA or Legion and its assignment, checked against
    TB-6.1, 6.2, 6.4 and 6.6."""
    magistrates = []
    for spec in table or []:
        spec = spec if isinstance(spec, dict) else {}
        leader, office = spec.get("leader"), spec.get("office")
        if leader not in leaders or leaders[leader].side != "rome":
            problems.append(f"magistrate {leader!r} is no Roman leader of the file")
            continue
        if office not in offices.OFFICES:
            problems.append(f"{leader}'s office is one of {', '.join(offices.OFFICES)}")
            continue
        numbers = spec.get("cas", [spec["ca"]] if "ca" in spec else [])
        own = [n for n in numbers if n not in cas]
        if own:
            problems.append(f"{leader} commands CA {own[0]}, no CA of the file")
            continue
        held = [lg for n in numbers for lg in cas[n]]
        if "legion" in spec:
            if spec["legion"] not in legions:
                problems.append(f"{leader} commands Legion {spec['legion']}, no Legion of the file")
                continue
            held.append(spec["legion"])
        theater, province = spec.get("theater"), spec.get("province")
        theater, also = _theaters(leader, office, theater, problems)
        if province is not None and province not in provinces:
            problems.append(f"{leader}'s province {province!r} is no province of the file")
        magistrates.append(
            Magistrate(
                leader,
                office,
                tuple(held),
                theater,
                province,
                bool(spec.get("governor", False)),
                tuple(numbers),
                also,
            )
        )
    theater_of = {p.id: p.theater for p in provinces.values()}
    for check in (
        offices.check_offices,
        offices.check_imperium,
        lambda ms: offices.check_assignments(ms, theater_of),
    ):
        try:
            check(magistrates)
        except CampaignError as broken:
            problems.append(f"the opening offices break the rules: {broken}")
    return tuple(magistrates)


def _theaters(
    leader: str, office: str, theater: Any, problems: list[str]
) -> tuple[str | None, str | None]:
    """TB-6.4: a magistrate's Theater; a set-up Consul's may be two (`theater = ["Sicily",
    "Africa"]`, 4.23's example)."""
    given = theater if isinstance(theater, list) else [] if theater is None else [theater]
    unknown = [t for t in given if t not in THEATERS]
    if unknown:
        problems.append(f"{leader}'s Theater {unknown[0]!r} is unknown")
        return None, None
    if len(given) > 2 or (len(given) == 2 and (office != "Consul" or given[0] == given[1])):
        problems.append(f"only a Consul is given two Theaters at the start, not {leader} (TB-6.4)")
        return None, None
    return (given + [None, None])[0], (given + [None, None])[1]


def _naval(table: Any, problems: list[str]) -> dict[str, int]:
    """TB-26.1: each Naval Zone's NS Level, a whole number, signed toward its side."""
    if table is None:
        return {}
    if not isinstance(table, dict) or any(type(v) is not int for v in table.values()):
        problems.append("[naval] is a table of zone = NS Level (Rome's above 0, Carthage's below)")
        return {}
    return {text.listed(zone, "a Naval Zone's name", problems): n for zone, n in table.items()}


ROMA_PROVINCE = "latium"
"""TB-10.9: Roma's province on the map."""


def _manpower(table: Any, problems: list[str]) -> dict[str, int]:
    """TB-25.1: each Holding Box's contingent and its SP, a whole number from 0."""
    if table is None:
        return {}
    if not isinstance(table, dict):
        problems.append("[start.manpower] is a table of contingent = SP")
        return {}
    bad = [name for name, sp in table.items() if type(sp) is not int or sp < 0]
    for name in bad:
        problems.append(f"[start.manpower] {name} is a whole number of SP, not {table[name]!r}")
    named = {text.listed(k, "a Holding Box's contingent", problems): n for k, n in table.items()}
    return {} if bad else named


def _triumphs(table: Any, leaders: dict, magistrates: tuple, problems: list[str]) -> dict:
    """TB-10.9: who starts in the Triumph Holding Box, and the office he earned it in."""
    triumphs = {}
    in_office = {m.leader for m in magistrates}
    for leader, office in (table or {}).items():
        if leader not in leaders or leaders[leader].side != "rome":
            problems.append(f"the Triumph Holding Box holds {leader!r}, no Roman leader")
        elif leader in in_office:
            problems.append(f"{leader} cannot be both in office and in the Triumph Holding Box")
        elif office not in offices.OFFICES:
            problems.append(f"{leader} earned his Triumph in an office, not {office!r}")
        else:
            triumphs[leader] = office
    return triumphs


MAX_TURNS = 100
"""TB-1.2: Game Turns a scenario may span (a year each; the war of 218-201 BCE is 18)."""
