"""Alexander: every reconstructed value of the data is marked beside the value, listed once in
docs/rules/alexander.md ("Reconstructed values") with its reason, and agrees with every number
the rulebook prints (issue 26)."""

from __future__ import annotations

import json
from pathlib import Path

from engine.alexander.board import MAC, board

ROOT = Path(__file__).resolve().parent.parent
RULES = json.loads((ROOT / "engine/alexander/rules.json").read_text())
MAP = json.loads((ROOT / "engine/alexander/map.json").read_text())


def section() -> str:
    text = (ROOT / "docs/rules/alexander.md").read_text()
    start = text.index("## Reconstructed values")
    return text[start:text.index("\n## ", start + 1)]


def reconstructed(provenance: str) -> bool:
    return "reconstructed" in provenance.lower()


def test_every_value_marked_reconstructed_is_listed_in_the_docs():
    listed = section()
    leaders = [x["name"] for x in RULES["leaders"]["list"] if reconstructed(x["provenance"])]
    # Darius III and 20 other leaders (all but Alexander and Memnon, whose naval rating and flag are)
    assert len([n for n in leaders if n != "Memnon"]) == 21
    assert all(name in listed for name in leaders + ["Memnon's naval 1"])
    for f in RULES["fleets"]["list"]:
        if "max reconstructed" in f["provenance"] or f["provenance"] == "reconstructed":
            assert f"{f['fleet']} {f['max_nsp']}" in listed
    assert "Pella" in listed and "Tyre" in listed  # the home ports reconstructed
    for name, table in RULES["tables"].items():
        if reconstructed(table.get("provenance", "")):
            assert f"tables.{name}" in listed
    assert [c["name"] for c in RULES["cards"]["list"] if reconstructed(c.get("provenance", ""))] == ["Fortunes of War"]
    assert "Fortunes of War" in listed
    assert reconstructed(RULES["setup"]["suggested_garrisons"]["provenance"]) and "suggested_garrisons" in listed
    marked = [s["name"] for s in MAP["spaces"] if reconstructed(s.get("province_provenance", ""))]
    assert marked == ["Lemnos"] and "Lemnos in Thrace" in listed
    cities = [s for s in MAP["spaces"] if s["defense"] is not None]
    assert cities and all(reconstructed(s.get("defense_provenance", "")) for s in cities)
    assert "defense_provenance" in listed


def test_the_printed_values_are_marked_as_the_rulebooks():
    leaders = {x["name"]: x for x in RULES["leaders"]["list"]}
    assert leaders["Alexander III"]["battle"] == 4 and not reconstructed(leaders["Alexander III"]["provenance"])
    assert leaders["Memnon"]["battle"] == 2 and leaders["Memnon"]["provenance"].startswith("rulebook 11.3")
    fleets = {f["fleet"]: f for f in RULES["fleets"]["list"]}
    assert fleets["Macedonian"]["max_nsp"] == 3 and fleets["Macedonian"]["provenance"].startswith("rulebook 3.1c")
    assert fleets["Rhodian"]["max_nsp"] == 4 and fleets["Rhodian"]["provenance"].startswith("rulebook")


def test_reconstructed_leaders_agree_with_the_printed_numbers():
    """3.1c: "La Flotta macedone, composta da Hegelochus e 3 NSP"; 3.1d: "La Flotta egiziana e
    Pharnabazus": both lead fleets, so they are admirals. The 11.3 example's DRMs: +7 for
    Alexander (4 + Elite 3 over 1), +2 for Memnon."""
    b = board()
    assert b.leaders["Hegelochus"].naval >= 1 and b.leaders["Pharnabazus"].naval >= 1
    assert b.leaders["Alexander III"].battle + (4 - 1) == 7 and b.leaders["Memnon"].battle == 2
    assert all(leader.battle <= b.leaders["Alexander III"].battle for leader in b.leaders.values())
    setup = RULES["setup"]
    assert setup["macedonian"]["fleets"][0]["leaders"] == ["Hegelochus"]
    assert setup["persian"]["fleets"][0]["leaders"] == ["Pharnabazus"]


def test_reconstructed_fleets_enter_play_at_their_counters_number():
    """8.5: "Il numero sulla pedina sono gli NSP con i quali la Flotta inizia quando entra in
    gioco"; 3.1e: the Rhodian 4; 12.0: "quella da 4 NSP rimane a Rodi ridotta a 3 NSP" after the
    1-NSP squadron leaves."""
    from engine.alexander.testkit import start

    s = start()
    b = board()
    for f in s.fleets:
        assert f.nsp == b.fleets[f.name].max_nsp
    assert s.fleet("Macedonian").nsp == 3 and s.fleet("Rhodian").nsp == 4
    assert b.fleets["Rhodian"].max_nsp - b.fleets["Rhodian squadron"].max_nsp == 3


def test_the_reconstructed_siege_assault_rows_fit_the_legible_ones():
    """The text: "<2 -/1 2 -/3 1/1 4-5 1/6 1/1 7 2/8+ 3/1": every legible attacker loss is 1; the
    lost ones (rows 2, 4-5, 7) are read as 1; siege points never fall as the roll rises."""
    table = RULES["tables"]["siege_assault"]
    rows = [table["rows"][k] for k in sorted(table["rows"], key=int)]
    points = [r[0] for r in rows]
    assert points == sorted(points) and points[-1] == 3
    assert {r[1] for r in rows} == {1}
    assert table["reconstructed_rows"] == ["2", "4", "7"]


def test_the_reconstructed_weariness_dice_make_mutiny_possible_from_eight():
    """9.0: "Se il risultato modificato è 20 o più, l'armata con Alessandro si Ammutina"; the
    check is made only "nella quale è necessario un tiro di dado": with 2d6 from Weariness 8."""
    check = RULES["tables"]["weariness_check"]
    assert check["threshold"] == 20 and check["dice"] == 2
    assert check["dice"] * 6 + 7 < check["threshold"] <= check["dice"] * 6 + 8


def test_the_reconstructed_garrisons_cards_and_lemnos_fit_the_rules():
    """3.1c: "sino a 5 GSP" in Europe; 3.1d: "sino a 30 GSP"; 2.5: 55 cards; 6.1: an island is a
    province only if the revolt table names it; 3.1j: "La Persia controlla anche Lesbos,
    Mytilene, Chios e Naxos": Lemnos is not one, so it begins in Macedonian hands."""
    from engine.alexander.testkit import start

    g = RULES["setup"]["suggested_garrisons"]
    assert sum(g["macedonian"].values()) == 5 and sum(g["persian"].values()) == 30
    assert sum(c["count"] for c in RULES["cards"]["list"]) == 55
    b = board()
    lemnos = b.spaces["Lemnos"].province
    assert lemnos == "Thrace" and b.provinces[lemnos].region == "europe"
    assert start().control[lemnos] == MAC


def test_reconstructed_city_values_are_whole_numbers_a_siege_can_use():
    """6.1: "Le Città Maggiori hanno un numero positivo o negativo ... il loro DRM difensivo";
    every major city has one; none is printed, so each is marked reconstructed."""
    b = board()
    majors = [s for s in MAP["spaces"] if s["type"] in ("major_city", "treasury_city")]
    assert majors and all(isinstance(s["defense"], int) and -3 <= s["defense"] <= 3 for s in majors)
    assert all(b.spaces[s["name"]].major for s in majors)
