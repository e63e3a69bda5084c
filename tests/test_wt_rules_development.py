"""Warriors & Traders: Fase Sviluppo and the Azioni (004_81a9b4c8940e7551.txt)."""

from engine.warriors_traders import GAME
from engine.warriors_traders.testkit import act, options, put, run, seat, set_levels, start, units


def dev_position(**res):
    state = start(nations={"Ann": "france", "Bo": "england"})
    for name in ("Ann", "Bo"):
        set_levels(state, name, production=1, trade=1, military=1)
        state.player(name).res.update(gold=20, food=20, goods=20, weapons=20) if not res else \
            state.player(name).res.update(**res)
    return state


def built(state, kind: str) -> list[str]:
    """The options that build `kind` (anywhere)."""
    return [o for o in options(state) if o.startswith(("build:" + kind + ":", kind + ":"))]


def test_action_order_first_ascending_second_descending():
    """"1° AZIONE ... dal numero più basso a quello più alto"; the 2nd in reverse order; then
    the extra actions and token moves in ascending order."""
    state = dev_position()
    state = run(state, ("development_start",))
    seen = []
    while GAME.pending(state):
        d = GAME.pending(state)[0]
        seen.append((d.player, d.kind))
        state, _ = act(state, d.player, "pass" if d.kind == "action" else "keep")
    # England is nation 5, France 7.
    assert seen[:4] == [("Bo", "action"), ("Ann", "action"), ("Ann", "action"), ("Bo", "action")]


def test_build_infantry_archer_cavalry_by_military_level():
    """Infantry from level I (1 weapon), archers from III (2 weapons, 1 gold), cavalry from VI
    (3 weapons, 2 gold), placed in a controlled province."""
    state = dev_position()
    me = seat(state, "Ann")
    state = run(state, ("action", me, {"why": "first"}))
    assert "build:infantry:Île-de-France" in options(state) and not built(state, "archer")
    state, _ = act(state, "Ann", "build:infantry:Île-de-France")  # what and where: one choice
    assert state.player("Ann").res["weapons"] == 19
    assert len(units(state, "Ann", "Île-de-France", "infantry")) == 1
    set_levels(state, "Ann", military=3)
    state = run(state, ("action", me, {"why": "first"}))
    assert built(state, "archer") and not built(state, "cavalry")
    set_levels(state, "Ann", military=6)
    state = run(state, ("action", me, {"why": "first"}))
    state, _ = act(state, "Ann", "build:cavalry:Île-de-France")
    assert state.player("Ann").res["weapons"] == 16 and state.player("Ann").res["gold"] == 18


def test_reserve_limits_four_per_type():
    """Each colour has 4 infantry, 4 archers, 4 cavalry."""
    state = dev_position()
    put(state, "Ann", "infantry", "Île-de-France", 4)
    state = run(state, ("action", seat(state, "Ann"), {"why": "first"}))
    assert not built(state, "infantry")


def test_warlord_builds_two_armies_with_one_action():
    """Signore della Guerra: two armies for one action, both paid."""
    state = dev_position()
    set_levels(state, "Ann", military=7)
    state = run(state, ("action", seat(state, "Ann"), {"why": "first"}))
    state, _ = act(state, "Ann", "build:infantry:Île-de-France", "build:archer:Île-de-France")
    assert len(units(state, "Ann", kind="infantry")) == 1 and len(units(state, "Ann", kind="archer")) == 1
    assert GAME.pending(state) == []


def test_fortress_needs_builders_and_at_most_two_per_province():
    """Costruttori (production IV): 12 goods, 2 food, 1 gold; "due (2) fortezze per provincia"."""
    state = dev_position()
    me = seat(state, "Ann")
    state = run(state, ("action", me, {"why": "first"}))
    assert not built(state, "fortress")
    set_levels(state, "Ann", production=4)
    state = run(state, ("action", me, {"why": "first"}))
    state, _ = act(state, "Ann", "fortress:Île-de-France")
    assert state.player("Ann").res == {"gold": 19, "food": 18, "goods": 8, "weapons": 20}
    assert len(units(state, "Ann", "Île-de-France", "fortress")) == 2  # with the starting one
    state.player("Ann").res.update(goods=20, food=20, gold=20)
    state = run(state, ("action", me, {"why": "first"}))
    assert not built(state, "fortress"), "the only province already has two"


def test_tech_is_immediate():
    """FAQ: reaching production IV with the first action allows a fortress with the second."""
    state = dev_position()
    state.player("Ann").tokens["production"] = 5
    me = seat(state, "Ann")
    state = run(state, ("action", me, {"why": "first"}), ("action", me, {"why": "second"}))
    state, _ = act(state, "Ann", "tech:production")
    assert built(state, "fortress")


def test_upgrade_costs_seven_goods_a_level():
    """Rinforzo (production V): infantry to archers 7 goods, to cavalry 14, whatever the
    military level; FAQ: never another player's army in free play."""
    state = dev_position()
    set_levels(state, "Ann", production=5)
    inf = put(state, "Ann", "infantry", "Île-de-France")[0]
    put(state, "Bo", "infantry", "London")
    state = run(state, ("action", seat(state, "Ann"), {"why": "first"}))
    upgrades = [o for o in options(state) if o.startswith("upgrade:")]
    assert sorted(upgrades) == sorted([f"upgrade:{inf}:archer", f"upgrade:{inf}:cavalry"])
    state, _ = act(state, "Ann", f"upgrade:{inf}:cavalry")
    assert units(state, "Ann", kind="cavalry")[0].id == inf and state.player("Ann").res["goods"] == 6


def test_upgrade_allied_army_in_cooperative_play():
    """Gioco Cooperativo / FAQ: one may upgrade an ally's army (it stays the ally's)."""
    state = start(["A", "B", "C", "D"], teams=[["A", "B"], ["C", "D"]],
                  nations={"A": "france", "B": "england", "C": "germany", "D": "denmark"})
    set_levels(state, "A", production=5)
    state.player("A").res["goods"] = 20
    b_inf = put(state, "B", "infantry", "London")[0]
    c_inf = put(state, "C", "infantry", "Brandenburg")[0]
    state = run(state, ("action", seat(state, "A"), {"why": "first"}))
    assert f"upgrade:{b_inf}:archer" in options(state) and not any(str(c_inf) in o for o in options(state))


def test_extra_actions_university_master_trader_warlord():
    """University (production VII) 1 extra; Master Trader (trade VI) up to 2 at 5 gold each;
    Warlord (military VII) one extra action to declare war."""
    state = dev_position()
    set_levels(state, "Ann", production=7, trade=6, military=7)
    me = seat(state, "Ann")
    state = run(state, ("extra", me, {"university": 1, "bought": 0, "warlord": 1}))
    assert sorted(options(state)) == ["buy", "done", "university", "warlord"]
    state, _ = act(state, "Ann", "buy", "pass", "buy", "pass")
    assert state.player("Ann").res["gold"] == 10 and "buy" not in options(state)
    state, _ = act(state, "Ann", "warlord")
    assert set(options(state)) == {"war:Bo", "pass"}
    state, _ = act(state, "Ann", "war:Bo", "university", "tech:trade")
    assert GAME.pending(state) == [] and len(state.wars) == 1


def test_move_one_token_between_tracks():
    """"spostare un Gettone Sviluppo dal livello più alto di una ... al livello più alto di un'altra"."""
    state = dev_position()
    state.player("Ann").tokens.update(production=3, trade=0, military=0)
    state, _ = act(state, "Ann", "pref:shift=ask")  # the default keeps them without asking
    state = run(state, ("shift", seat(state, "Ann")))
    state, _ = act(state, "Ann", "shift:production:military")
    assert state.player("Ann").tokens == {"production": 2, "trade": 0, "military": 1}
    assert GAME.pending(state) == []


def test_cannot_build_in_allied_province_fortress_but_can_build_army():
    """Gioco Cooperativo: armies may be built in an ally's province, fortresses may not."""
    state = start(["A", "B", "C", "D"], teams=[["A", "B"], ["C", "D"]],
                  nations={"A": "france", "B": "england", "C": "germany", "D": "denmark"})
    set_levels(state, "A", production=4)
    state.player("A").res.update(gold=5, food=5, goods=20, weapons=5)
    state = run(state, ("action", seat(state, "A"), {"why": "first"}))
    assert {"build:infantry:London", "build:infantry:Île-de-France"} <= set(options(state))
    state, _ = act(state, "A", "build:infantry:London")
    state = run(state, ("action", seat(state, "A"), {"why": "first"}))
    assert [o for o in options(state, "A") if o.startswith("fortress:")] == ["fortress:Île-de-France"]  # not London
    state, _ = act(state, "A", "fortress:Île-de-France")
    assert GAME.pending(state) == [] and len(units(state, "A", "Île-de-France", "fortress")) == 2
