"""Leaders face down on the map (5.1, rules 4). "Un giocatore è obbligato a rivelare un
comandante solo quando viene assegnato ad un'Armata o Flotta": a leader drawn and placed alone
on a space stays face down; everyone but his side sees a leader of that side there, unnamed,
in views, events and the other side's prompts. He is revealed when he joins an army or fleet,
when his own rating is used (slipping away from fleets at sea), and when his counter leaves the
map (captured or killed) or a card strikes him by name. Public decisions name him by his space
("?<space>"), resolved when chosen."""

from __future__ import annotations

from engine.alexander.flow import Ctx, before_decision
from engine.alexander.state import AlexState
from engine.alexander.words import leader_t, side_t, space_t
from engine.text import Msg, msg


def is_face_down(s: AlexState, name: str) -> bool:
    return name in s.face_down


def place_face_down(s: AlexState, name: str) -> None:
    if s.rules >= 4 and name not in s.face_down:
        s.face_down = sorted(s.face_down + [name])


def spot(s: AlexState, name: str) -> str:
    loc = s.leaders.get(name, "")
    return loc[6:] if loc.startswith("space:") else ""


def ref(s: AlexState, name: str) -> str:
    """How a public option names the leader: by name, or by his space while face down."""
    return "?" + spot(s, name) if is_face_down(s, name) else name


def refs(s: AlexState, names: list[str]) -> list[str]:
    """The leaders' option names, one per face-down space."""
    found: list[str] = []
    for name in names:
        r = ref(s, name)
        if r not in found:
            found.append(r)
    return found


def resolve(s: AlexState, side_of, reference: str) -> str:
    """The leader an option named: a name, or the first face-down leader at "?<space>" of the
    side `side_of(name)` accepts."""
    if not reference.startswith("?"):
        return reference
    space = reference[1:]
    return next(n for n in s.face_down if spot(s, n) == space and side_of(n))


def ref_t(s: AlexState, reference: str) -> Msg:
    if reference.startswith("?"):
        return msg("the face-down leader at {space}", space=space_t(reference[1:]))
    return leader_t(reference)


def reveal(ctx: Ctx, name: str) -> None:
    """Turn the counter face up where he stands, for everyone."""
    s = ctx.s
    if name not in s.face_down:
        return
    space = spot(s, name)
    s.face_down = [n for n in s.face_down if n != name]
    side = ctx.board.leaders[name].side
    ctx.emit("leader_revealed", msg("The face-down {side} leader at {space} is {leader}.", side=side_t(side),
                                    space=space_t(space), leader=leader_t(name)), leader=name, space=space)


@before_decision
def _tidy_before_a_decision(ctx: Ctx) -> bool:
    tidy(ctx.s)
    return False


def tidy(s: AlexState) -> None:
    """A leader off his lone space (joined a unit, gone) is face down no more."""
    if s.face_down:
        s.face_down = [n for n in s.face_down if s.leaders.get(n, "").startswith("space:")]
