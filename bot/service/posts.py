"""What the service asks the Discord layer to do, as plain data (no discord objects).

The service returns an `Outcome`: an optional private answer to the member who acted, the
new look of the message they clicked, and the public posts to make. The publisher turns
these into Discord calls; tests read them directly.
"""

from __future__ import annotations

import hashlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from typing import Literal

from bot.service.turn.specs import ButtonSpec, ModalSpec, SelectSpec

Where = Literal["channel", "board"]


class Refusal(Exception):
    """A request that cannot be granted; the message (a message id: engine.text.msg) is the
    polite answer to the member."""


def reason(refused: Exception) -> str:
    """The words of a refusal (a Refusal, or the engine's IllegalAction) as the message id it
    carries, so the member reads it in their own language (str() would give the English)."""
    return refused.args[0] if refused.args and isinstance(refused.args[0], str) else str(refused)


@dataclass(frozen=True)
class Attachment:
    filename: str
    data: bytes


@dataclass(frozen=True)
class Post:
    content: str
    attachments: tuple[Attachment, ...] = ()
    components: tuple[ButtonSpec | SelectSpec, ...] = ()
    # Only these users may be pinged by this message (never @everyone or roles).
    mentions: tuple[int, ...] = ()
    # Members told by direct message that this post waits on them (with a link to it).
    dm_to: tuple[int, ...] = ()
    # A private prompt to send those members by DM *before* this post, instead of the link
    # (a private decision). Whoever cannot be reached by DM is pinged by this post instead.
    dm_prompt: tuple[Post, ...] = ()
    # "board": the game's board thread when it has one, else the game channel.
    where: Where = "channel"
    # Recorded with the message id so old prompts can be found again ('board', 'prompt' ...).
    kind: str = "info"
    version: int | None = None
    # Sent as Discord's enforced nonce: a second send with the same nonce within minutes returns
    # the first message instead of posting again (a reminder sent again after a crash).
    nonce: str | None = None
    # A prompt's seat, and the account above it (what stays when the prompt is answered):
    # recorded so the message can be edited in place or closed later (see turns.py).
    seat: str | None = None
    account: str | None = None


@dataclass(frozen=True)
class MessageEdit:
    """A game message to change: a turn message going on with its player's next decision, or
    closing once answered. `post.attachments` replace the message's image when given (an empty
    tuple keeps it). A `post.kind` of "prompt" is recorded again (new version); any other kind
    means the message is done and is forgotten."""

    message_id: int
    channel_id: int
    post: Post


@dataclass
class Outcome:
    """The result of one request to the service."""

    ok: bool = True
    reply: Post | None = None
    # Further private answers after `reply` (a private prompt too large for one message).
    more_replies: list[Post] = field(default_factory=list)
    # Replaces the clicked message (a lobby card after Join, a private prompt once answered).
    edit: Post | None = None
    # Game messages changed by id (turn messages going on or closing), before `posts`.
    edits: list[MessageEdit] = field(default_factory=list)
    posts: list[Post] = field(default_factory=list)
    # A form to open at once, as the first answer to the click (Discord allows it only then).
    modal: ModalSpec | None = None
    game_id: int | None = None
    # Where the posts go, for requests that do not come from the game's own channel (reminders).
    channel_id: int | None = None
    board_thread_id: int | None = None
    # Set when the game wants its boards in a thread that does not exist yet: the thread's name.
    wants_board_thread: str | None = None
    # Games that ended here (abandoned, reset): every prompt of theirs loses its buttons.
    retire_games: list[int] = field(default_factory=list)
    # What went wrong after the change was stored (it stands): told to the member who acted,
    # after `saved` (what is stored) when they get no reply of their own. See follow_up.py.
    saved: str | None = None
    trouble: list[str] = field(default_factory=list)
    # The posts of a stored choice, first sent or sent again at start-up (a crash between the post
    # and its note in the database): their prompts carry nonces made from it, which Discord
    # enforces, so a prompt already out is returned instead of posted twice (prompt_nonces).
    nonce_key: str | None = None
    # The stored choice these posts and edits deliver: the publisher marks it delivered once all of
    # them went out and were noted (storage.mark_delivered); a restart finishes any choice not marked.
    delivers: int | None = None
    # Prompts of older versions to take the buttons off once the posts are out, named by the
    # service (a restart finishing a choice's delivery: the chooser's message it never closed).
    outdated: list = field(default_factory=list)
    # A re-post at start-up: the turn message the stored choice may have changed in place before
    # the process stopped, too soon to note it. The publisher reads it back and, when Discord
    # shows it so, notes it instead of posting (publish_edits.MessageEdits.shown_in_place).
    in_place: MessageEdit | None = None
    # Work of seconds started by this request (a replay's animation): the publisher runs it
    # after answering and delivers the Outcome it returns (posts in the game's channel).
    later: Callable[[], Awaitable[Outcome]] | None = None
    # Outcomes of other games this request changed (a member back from away takes their seats
    # back everywhere): delivered after this one, each in its own game's channel.
    also: list[Outcome] = field(default_factory=list)

    @classmethod
    def refuse(cls, text: str, game_id: int | None = None) -> Outcome:
        return cls(ok=False, reply=Post(text), game_id=game_id)

    @classmethod
    def say(cls, text: str, game_id: int | None = None) -> Outcome:
        return cls(ok=True, reply=Post(text), game_id=game_id)


def prompt_nonces(outcome: Outcome) -> list[Post]:
    """The outcome's posts, its prompts numbered with nonces from its `nonce_key` (at most 25
    characters, Discord's limit): the same for the first post of a choice's prompts and for the
    re-post after a restart, different for any other choice (the key names the history), and
    numbered per seat asked (a restart may post a choice's prompts for some seats only). The
    board in the game's board thread gets one too (a choice posts one at most there): the
    re-post's board is the one already out when the crash came after it."""
    if outcome.nonce_key is None:
        return list(outcome.posts)
    posts, prompts, boards = [], {}, 0
    for post in outcome.posts:
        if post.kind == "prompt" and post.nonce is None:
            # Numbered per seat asked, not in the order of the outcome's posts: a restart that
            # posts only some of a choice's prompts (the rest went out) gives each the same nonce.
            tag = _seat_tag(post.seat)
            post = replace(post, nonce=f"{outcome.nonce_key}.{tag}{prompts.get(tag, 0)}"[:25])
            prompts[tag] = prompts.get(tag, 0) + 1
        elif post.where == "board" and post.attachments and post.nonce is None:
            post = replace(post, nonce=f"{outcome.nonce_key}.b{boards}"[:25])
            boards += 1
        posts.append(post)
    return posts


def _seat_tag(seat: str | None) -> str:
    """A short tag for the seat(s) a prompt asks, the same in every process (not Python's hash)."""
    return hashlib.sha1((seat or "").encode()).hexdigest()[:4] if seat else "p"
