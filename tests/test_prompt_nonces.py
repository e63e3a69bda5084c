"""The enforced nonces of a choice's posts (bot/service/posts.prompt_nonces): the same for a prompt
whether it goes out with the choice or alone at a restart that finishes the choice's delivery, so
Discord returns the message already out instead of posting it twice."""

from __future__ import annotations

from bot.service.posts import Outcome, Post, prompt_nonces


def nonces(posts: list[Post]) -> dict[str | None, str | None]:
    return {p.seat: p.nonce for p in prompt_nonces(Outcome(posts=posts, nonce_key="7.abcdef"))}


def test_a_prompt_keeps_its_nonce_when_posted_without_the_others():
    bo = Post("Bo?", kind="prompt", seat="Bo")
    cy = Post("Cy?", kind="prompt", seat="Cy")
    first = nonces([Post("board", kind="board"), bo, cy])
    assert first["Bo"] != first["Cy"] and all(len(n) <= 25 for n in first.values() if n)
    assert nonces([cy])["Cy"] == first["Cy"]  # the restart posts Cy's alone: the same nonce


def test_pages_of_one_seat_and_other_choices_get_their_own():
    pages = prompt_nonces(Outcome(posts=[Post("1", kind="prompt", seat="Bo"), Post("2", kind="prompt", seat="Bo")],
                                  nonce_key="7.abcdef"))
    assert len({p.nonce for p in pages}) == 2
    other = prompt_nonces(Outcome(posts=[Post("1", kind="prompt", seat="Bo")], nonce_key="7.fedcba"))
    assert other[0].nonce != pages[0].nonce
