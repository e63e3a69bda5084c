"""Alexander, rules 4: a leader placed alone on the map stays face down (5.1 "Un giocatore è
obbligato a rivelare un comandante solo quando viene assegnato ad un'Armata o Flotta").
Everyone but his side sees an unnamed leader there: the public view and the other side's view,
the public events, the prompts the other side reads, the board picture. The same public moves
made with two different hidden leaders give the same public output, to the byte; he is named
when he joins an army or fleet. Games recorded under rules 3 keep naming him."""

from __future__ import annotations

import json

from test_alexander_rules_departures import leaders_round

from engine.alexander import GAME
from engine.alexander.board import MAC, PER, board
from engine.alexander.testkit import army, clear, decision, dice, fresh, ids, kind, play, start

LEADERS = ("Parmenion", "Craterus")  # both in the Macedonian cup, both battle 2


def public_output(state, events) -> str:
    """Everything the public and the Persian may read: views, public events, the prompts."""
    parts = [json.dumps(GAME.view(state, None), sort_keys=True, default=str),
             json.dumps(GAME.view(state, "Bo"), sort_keys=True, default=str)]
    parts += [f"{e.kind} {e.text} {json.dumps(e.data, sort_keys=True, default=str)}"
              for e in events if e.visible_to("Bo")]
    for d in GAME.pending(state):
        if d.private and d.player != "Bo":
            parts.append(f"{d.player} {d.public_prompt}")
        else:
            parts.append(f"{d.player} {d.prompt} " + " ".join(f"{o.id} {o.label}" for o in d.options))
    return "\n".join(parts)


def placed_alone(name: str, rules: int = 4):
    """The Macedonian holds `name` face down and places him alone at Sardes."""
    s = clear(start(rules=rules))
    army(s, PER, 2, "Pergamum", 10)
    s.leaders[name] = "hand"
    s = leaders_round(s)
    s, events = play(s, f"leader:{name}", "province:Lydia", "space:Sardes")
    return s, events


def test_a_leader_placed_alone_is_unnamed_to_all_but_his_side():
    outputs = []
    for name in LEADERS:
        s, events = placed_alone(name)
        assert s.leaders[name] == "space:Sardes" and s.face_down == [name]
        out = public_output(s, events)
        assert name not in out
        assert GAME.view(s, None)["leaders_unnamed"] == [{"side": MAC, "space": "Sardes"}]
        assert any(str(e.text) == "The Macedonian places a face-down leader at Sardes." for e in events)
        # His side still knows him: its view and its private event name him.
        assert GAME.view(s, "Ann")["leaders"][name] == "space:Sardes"
        assert any(e.private_to == ("Ann",) and name in str(e.text) for e in events)
        outputs.append(out)
    assert outputs[0] == outputs[1]


def standing_alone(name: str):
    """`name` stands face down alone at Sardes, the Persian Army #2 at Pergamum; leaders' round."""
    s = clear(start())
    army(s, PER, 2, "Pergamum", 10)
    s.leaders[name] = "space:Sardes"
    s.face_down = [name]
    return leaders_round(s)


def test_a_face_down_leader_walks_and_is_intercepted_unnamed():
    outputs = []
    for name in LEADERS:
        s, events = play(standing_alone(name), f"leader:{name}")
        assert kind(s) == "leader_walk" and decision(s).private
        assert decision(s).public_prompt == "The Macedonian moves a face-down leader."
        s, more = play(s, "go:Thyatira")  # next to the Persian army at Pergamum
        events += more
        assert kind(s) == "intercept" and decision(s).player == "Bo"
        assert "A face-down leader travels to Thyatira" in str(decision(s).prompt)
        s = dice(s, 1)
        s, more = play(s, next(i for i in ids(s) if i.startswith("intercept:")))
        events += more
        assert s.leaders[name] == "space:Thyatira" and name in s.face_down
        out = public_output(s, events)
        assert name not in out
        outputs.append(out)
    assert outputs[0] == outputs[1]


def test_he_is_revealed_when_he_joins_an_army():
    s = standing_alone("Parmenion")
    army(s, MAC, 2, "Sardes", 5)
    s, events = play(s, "leader:Parmenion", "join:army:macedonian.2")
    assert s.leaders["Parmenion"] == "army:macedonian.2" and s.face_down == []
    assert any(e.kind == "leader_revealed" and e.public and "Parmenion" in str(e.text) for e in events)
    assert "Parmenion" in GAME.view(s, None)["leaders"] and GAME.view(s, None)["leaders_unnamed"] == []


def test_captured_he_is_named():
    """Caught by an army on the road (10.8), his counter leaves the map: named."""
    s, _ = play(standing_alone("Parmenion"), "leader:Parmenion", "go:Thyatira")
    s = dice(s, 6)
    s, events = play(s, next(i for i in ids(s) if i.startswith("intercept:")))
    assert s.leaders["Parmenion"] == "dead" and s.face_down == []
    assert any(e.public and "Parmenion" in str(e.text) for e in events)


def test_a_card_against_him_names_him_by_his_space():
    """The Persian's Illness targets "the face-down leader at Sardes", never his name; struck,
    he is named (the card strikes a man)."""
    from engine.alexander.cards_events import ask_target
    from engine.alexander.cards_people import illness_targets
    from engine.alexander.face_down import refs
    from engine.alexander.flow import Ctx, advance, task

    s, _ = placed_alone("Parmenion")
    s.stack = [task("leader_intercept", PER, leader="", space="")]  # (runs to nothing)
    ctx = Ctx(s)
    ask_target(ctx, PER, "illness", [f"leader:{r}" for r in refs(s, illness_targets(ctx, PER))])
    s._decisions = [advance(ctx)]
    d = decision(s)
    assert d.kind == "card_target" and not d.private and "leader:?Sardes" in ids(s)
    assert "Parmenion" not in str(d.prompt) + " ".join(f"{o.id} {o.label}" for o in d.options)
    assert str(d.option("leader:?Sardes").label) == "the face-down leader at Sardes"
    s, events = play(s, "leader:?Sardes")
    assert any(e.kind == "leader_revealed" and "Parmenion" in str(e.text) for e in events)


def test_under_rules_3_he_was_named():
    s, events = placed_alone("Parmenion", rules=3)
    assert s.face_down == [] and "Parmenion" in GAME.view(s, None)["leaders"]
    assert any(e.public and "Parmenion" in str(e.text) for e in events)


def test_a_face_down_leader_lends_no_rating_to_a_battle_in_his_space():
    """5.1: leaders serve the armies and fleets they are assigned to."""
    from engine.alexander.battle import leaders_present
    from engine.alexander.flow import Ctx

    s, _ = placed_alone("Parmenion")
    s.battle = {"space": "Sardes"}
    assert leaders_present(Ctx(s), MAC, []) == []
    s.face_down = []
    assert leaders_present(Ctx(s), MAC, []) == ["Parmenion"]


def test_the_other_sides_search_deals_his_identity_again():
    """The Persian bot's determinization keeps a Macedonian leader face down at Sardes but draws
    who he is from the leaders the Persian has not seen (cup, hand, face down)."""
    s, _ = placed_alone("Parmenion")
    seen = set()
    for seed in range(12):
        guess = GAME.determinize(s, "Bo", seed)
        [name] = guess.face_down
        assert guess.leaders[name] == "space:Sardes" and guess.leaders.get("Parmenion") in ("cup", "space:Sardes")
        seen.add(name)
    assert len(seen) > 1
    mine = GAME.determinize(s, "Ann", 0)
    assert mine.face_down == ["Parmenion"] and mine.leaders["Parmenion"] == "space:Sardes"


def test_the_public_board_shows_an_unnamed_leader_the_same_whoever_he_is():
    """The picture everyone sees: a "?" chip of his side at Sardes, the same bytes whether he is
    Parmenion or Craterus; under rules 3 it named him (a different picture)."""
    from render.alexander import draw_board, render_png

    pictures = [render_png(placed_alone(name)[0]) for name in LEADERS]
    assert pictures[0] == pictures[1]
    assert render_png(placed_alone("Parmenion", rules=3)[0]) != pictures[0]
    _, placed = draw_board(GAME.view(placed_alone("Parmenion")[0], None))
    assert any(kind == "leader" and where == "Sardes" for kind, _box, where in placed)


def test_his_side_reads_where_its_face_down_leaders_stand():
    s, _ = placed_alone("Parmenion")
    assert "Face down on the map: Parmenion at Sardes." in [str(line) for line in GAME.secret_lines(s, "Ann")]
    assert "Parmenion" not in " ".join(str(line) for line in GAME.secret_lines(s, "Bo"))


def test_named_to_command_a_new_army_he_is_revealed_where_he_stood():
    """8.3: a new Macedonian army needs a leader in its province; he takes it and turns face up."""
    from engine.alexander.flow import Ctx
    from engine.alexander.leaders import assign

    s, _ = placed_alone("Parmenion")
    army(s, MAC, 3, "Sardes", 6)
    ctx = Ctx(s)
    assign(ctx, MAC, "Parmenion", "army:macedonian.3")
    assert [str(e.text) for e in ctx.events][0] == "The face-down Macedonian leader at Sardes is Parmenion."
    assert s.face_down == [] and "Parmenion" in GAME.view(fresh(s), None)["leaders"]


def test_conspiracys_replacement_for_a_lone_leader_stays_face_down():
    """Conspiracy Revealed executes a leader standing alone: the leader drawn to take his place
    stands alone there too, so he is face down (5.1) and the public reads the same whoever he is."""
    from test_alexander_rules_cards import segment

    outputs, drawn = [], set()
    for cup in (["Parmenion"], ["Craterus"]):
        s = segment(PER, "conspiracy", cleared=True)
        s.leaders["Antipater"] = "space:Sardes"  # face up: he was named before (rules 3 start)
        for name, loc in list(s.leaders.items()):  # the cup holds only the one to draw
            if loc == "cup" and board().leaders[name].side == MAC:
                s.leaders[name] = "dead"
        s.leaders[cup[0]] = "cup"
        s.leaders[next(n for n in LEADERS if n != cup[0])] = "hand"  # the other one: hidden alike
        s = fresh(s)
        s, events = play(s, "play:conspiracy", "execute:Antipater")
        new = cup[0]
        assert s.leaders["Antipater"] == "dead" and s.leaders[new] == "space:Sardes"
        assert s.face_down == [new]
        assert GAME.view(s, None)["leaders_unnamed"] == [{"side": MAC, "space": "Sardes"}]
        assert any(e.private_to == ("Ann",) and new in str(e.text) for e in events)
        out = public_output(s, events)
        assert new not in out
        outputs.append(out)
        drawn.add(new)
    assert drawn == set(LEADERS) and outputs[0] == outputs[1]


def test_the_terminal_lists_leaders_alone_naming_only_what_the_reader_knows():
    s = standing_alone("Parmenion")
    s.leaders["Memnon"] = "space:Babylon"
    public, his_side, theirs = (str(GAME.describe(s, who)) for who in (None, "Ann", "Bo"))
    for text in (public, his_side, theirs):
        assert "Memnon at Babylon" in text
    assert "Parmenion at Sardes (face down)" in his_side
    for text in (public, theirs):
        assert "Parmenion" not in text and "a face-down Macedonian leader at Sardes" in text
