"""The cap on sessions per client address (issue 25, bug 7), without a
server: counted, refused past the cap, let in again once one expired."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from companion.app.crowd import Crowd


def test_an_address_is_refused_past_its_cap_and_let_in_after_a_leave() -> None:
    crowd = Crowd(cap=2)
    assert crowd.enter("10.0.0.7") and crowd.enter("10.0.0.7")
    assert not crowd.enter("10.0.0.7")
    assert crowd.held("10.0.0.7") == 2  # the refused one is not counted
    assert crowd.enter("10.0.0.8")  # another device is not affected
    crowd.leave("10.0.0.7")
    assert crowd.enter("10.0.0.7")


def test_counting_from_many_threads_loses_nothing() -> None:
    crowd = Crowd(cap=10_000)
    with ThreadPoolExecutor(8) as pool:
        list(pool.map(lambda _: crowd.enter("a"), range(4000)))
        list(pool.map(lambda _: crowd.leave("a"), range(4000)))
    assert crowd.held("a") == 0


def test_the_cap_can_be_raised_for_tests_only_by_a_whole_number() -> None:
    from companion.app.crowd import PER_ADDRESS, cap_from

    assert cap_from({}) == PER_ADDRESS
    assert cap_from({"COMPANION_SESSIONS_PER_ADDRESS": "1000"}) == 1000
    for bad in ("", "many", "0", "-3", "1.5"):
        assert cap_from({"COMPANION_SESSIONS_PER_ADDRESS": bad}) == PER_ADDRESS
