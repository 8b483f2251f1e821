"""One scripted round on a stacked deck for every ruling R1-R20.

Three players unless said otherwise, dealer 0: the deal goes 1, 2, 0 and
turns go 1, 2, 0. Decks are written top first. docs/rules.md ("Each ruling,
dealt by the app") tells each example in players' words.
"""

from __future__ import annotations

import pytest
from round_helpers import lines, stacked, statuses

from companion.rules import Rules
from companion.rules.events import NoCards, Reshuffled, Wasted, Wiped
from companion.rules.round import IllegalChoice

BRUTAL = Rules(brutal=True)


# --- R1 deal card always given ---
def test_r1_action_dealt_is_the_deal_card_and_others_still_get_theirs() -> None:
    # Ann(1) is dealt Just One More and plays it on Bea(2): Bea draws 5 and
    # must stay; Bea still gets her own deal card 8; Ann gets no replacement.
    rnd = stacked("JOM 5 8 3 9", "target 2")
    assert lines(rnd) == [["3"], [], ["5", "8"]]
    assert statuses(rnd) == ["active", "active", "stayed"]
    assert rnd.pending is not None and rnd.pending.player == 1
    rnd.play("stay")
    rnd.play("stay")
    assert rnd.over
    assert rnd.scores() == [3, 0, 13]


def test_r1_player_busted_before_their_deal_card_gets_none() -> None:
    # Ann is dealt Flip Four and targets Bea, who busts on the second 5: the
    # deal skips Bea and goes on to the dealer.
    rnd = stacked("F4 5 5 9 4", "target 2")
    assert statuses(rnd) == ["active", "active", "busted"]
    assert rnd.face_down(2) == ["5", "5"]
    assert lines(rnd) == [["9"], [], []]
    assert rnd.deck == ["4"]
    rnd.play("stay")
    rnd.play("stay")
    assert rnd.scores() == [9, 0, 0]


# --- R2 stayed players stay targets ---
def test_r2_stayed_player_made_to_draw_remains_stayed() -> None:
    rnd = stacked("5 6 7 F4 1 2 3 4", "stay", "hit", "target 1")
    assert rnd.line(1) == ["5", "1", "2", "3", "4"]
    assert rnd.status(1) == "stayed"
    # Ann is never asked again: the turn goes to the dealer, then Bea.
    assert rnd.pending is not None and rnd.pending.player == 0
    rnd.play("stay")
    assert rnd.pending is not None and rnd.pending.player == 2
    rnd.play("stay")
    assert rnd.scores() == [7, 15, 6]


# --- R3 stay with an empty line ---
def test_r3_staying_with_no_card_is_allowed() -> None:
    rnd = stacked("DISCARD 4 6")
    assert rnd.line(1) == []
    assert rnd.legal() == ["hit", "stay"]
    rnd.play("stay")
    rnd.play("stay")
    rnd.play("stay")
    assert rnd.scores() == [6, 0, 4]


# --- R4 Zero must hit ---
def test_r4_holding_the_zero_you_must_hit() -> None:
    rnd = stacked("0 5 6 9")
    assert rnd.pending is not None and rnd.pending.kind == "turn"
    assert rnd.legal() == ["hit"]
    with pytest.raises(IllegalChoice):
        rnd.play("stay")
    rnd.play("hit")
    assert rnd.line(1) == ["0", "9"]
    rnd.play("stay")  # Bea
    rnd.play("stay")  # dealer
    assert rnd.legal() == ["hit"]  # Ann still holds The Zero


# --- R5 Flip 7 stops everything ---
def test_r5_flip7_ends_the_round_at_once_even_mid_flip_four() -> None:
    deck = "1 2 3 4 5 6 8 F4 9 JOM 10 11"
    choices = ["hit", "stay", "stay", "hit", "hit", "hit", "hit", "target 1"]
    rnd = stacked(deck, *choices)
    assert rnd.over
    assert rnd.flip7 == 1
    assert rnd.line(1) == ["1", "4", "5", "6", "8", "9", "10"]
    # The fourth Flip Four card is never drawn, the Just One More never resolves.
    assert rnd.deck == ["11"]
    assert "JOM" in rnd.discard
    assert rnd.scores() == [3, 43 + 15, 2]


# --- R6 no card left ---
def test_r6_round_ends_when_no_card_is_left_anywhere() -> None:
    rnd = stacked("5 6 7", "hit")
    assert rnd.over
    assert isinstance(rnd.events[-1], NoCards)
    assert statuses(rnd) == ["active", "active", "active"]
    assert rnd.scores() == [7, 5, 6]


# --- R7 mid-round reshuffle keeps table cards ---
def test_r7_reshuffle_takes_only_the_discard_pile() -> None:
    rnd = stacked("5 6 7 5", "hit", "hit", discard="9")
    # Ann busted on 5; Bea's hit empties the deck: the pile (9) is shuffled in.
    assert rnd.status(1) == "busted"
    assert rnd.face_down(1) == ["5", "5"]
    assert rnd.line(2) == ["6", "9"]
    assert any(isinstance(e, Reshuffled) and e.cards == 1 for e in rnd.events)
    rnd.play("hit")  # the dealer: nothing left anywhere (R6)
    assert rnd.over
    assert rnd.scores() == [7, 0, 15]


# --- R8 Lucky 13 pair ---
def test_r8_lucky_pair_counts_two_toward_flip7() -> None:
    deck = "13L 1 2 13 3 4 5 6 7"
    rnd = stacked(deck, "hit", "stay", "stay", *["hit"] * 5)
    assert rnd.over and rnd.flip7 == 1
    assert rnd.line(1) == ["13L", "13", "3", "4", "5", "6", "7"]
    assert rnd.scores() == [2, 51 + 15, 1]


def test_r8_option_lucky_pair_counts_once() -> None:
    rules = Rules(lucky_pair_counts_two=False)
    deck = "13L 1 2 13 3 4 5 6 7 8"
    rnd = stacked(deck, "hit", "stay", "stay", *["hit"] * 5, rules=rules)
    assert not rnd.over and rnd.flip7 is None
    rnd.play("hit")  # 8: now seven counted number cards
    assert rnd.flip7 == 1
    assert rnd.scores() == [2, 59 + 15, 1]


def test_r8_ordinary_13_first_then_lucky_then_third_13_busts() -> None:
    rnd = stacked("13 1 2 13L 13", "hit")
    assert rnd.line(1) == ["13", "13L"] and rnd.status(1) == "active"
    rnd.play("stay")
    rnd.play("stay")
    rnd.play("hit")
    assert rnd.status(1) == "busted"


# --- R9 Just One More beats The Zero ---
def test_r9_just_one_more_makes_the_zero_holder_stay() -> None:
    rnd = stacked("0 JOM 5 6", "target 1")
    assert rnd.line(1) == ["0", "5"]
    assert rnd.status(1) == "stayed"
    rnd.play("stay")  # Bea (empty line)
    rnd.play("stay")  # dealer
    assert rnd.over
    assert rnd.scores() == [6, 0, 0]


# --- R10 Unlucky 7 protects only on arrival ---
def test_r10_unlucky_7_wipes_the_line_then_a_later_7_busts() -> None:
    deck = "7 1 2 5 -2 7U 7"
    rnd = stacked(deck, "hit", "stay", "stay", "hit", "target 1")
    assert rnd.line(1) == ["7", "5", "-2"]
    rnd.play("hit")  # 7U: no bust though Ann holds a 7
    assert rnd.line(1) == ["7U"] and rnd.status(1) == "active"
    assert any(isinstance(e, Wiped) and e.cards == ("7", "5", "-2") for e in rnd.events)
    rnd.play("hit")  # an ordinary 7 now busts
    assert rnd.status(1) == "busted"
    assert rnd.scores() == [2, 0, 1]


def test_r10_a_line_left_with_only_the_unlucky_7_scores_7() -> None:
    rnd = stacked("5 1 2 7 -2 7U", "hit", "stay", "stay", "hit", "target 1", "hit")
    rnd.play("stay")
    assert rnd.scores() == [2, 7, 1]


# --- R11 Unlucky 7 inside Flip Four ---
def test_r11_unlucky_7_in_flip_four_wipes_set_aside_cards_and_draws_go_on() -> None:
    rnd = stacked("F4 STEAL 3 7U 4 5 6", "target 1")
    assert rnd.line(1) == ["7U", "4"]
    wiped = [e for e in rnd.events if isinstance(e, Wiped)]
    assert wiped and wiped[0].cards == ("3", "STEAL")
    assert {"3", "STEAL", "F4"} <= set(rnd.discard)
    assert lines(rnd) == [["6"], ["7U", "4"], ["5"]]
    for _ in range(3):
        rnd.play("stay")
    assert rnd.scores() == [6, 11, 5]


# --- R12 action basics ---
def test_r12_unusable_action_is_discarded_and_sole_survivor_targets_self() -> None:
    rnd = stacked("STEAL 4 8 3 8 JOM 9", "hit", "hit", "hit", players=2)
    # Two players, dealer 0: Ann is 1. Her Steal had nothing to take.
    assert any(isinstance(e, Wasted) and e.card == "STEAL" for e in rnd.events)
    assert rnd.status(1) == "busted"
    rnd.play("hit")  # the dealer draws Just One More: only she is not busted
    assert rnd.pending is not None and rnd.pending.kind == "target"
    assert rnd.legal() == ["target 0"]
    rnd.play("target 0")
    assert rnd.over
    assert rnd.line(0) == ["4", "3", "9"]
    assert rnd.scores() == [16, 0]


def test_r12_targets_include_self_and_stayed_but_not_busted() -> None:
    rnd = stacked("5 6 7 5 F4", "hit", "stay", "hit")
    assert rnd.legal() == ["target 0", "target 2"]


# --- R13 Flip Four ---
def test_r13_every_kind_counts_toward_the_four_then_queue_resolves_in_order() -> None:
    rnd = stacked("F4 5 -4 JOM 6 9 10 11 12", "target 1")
    assert rnd.line(1) == ["5", "6"]
    assert rnd.pending is not None
    assert (rnd.pending.kind, rnd.pending.card, rnd.pending.player) == (
        "modifier",
        "-4",
        1,
    )
    rnd.play("target 2")
    assert rnd.pending is not None and rnd.pending.card == "JOM"
    rnd.play("target 2")
    assert lines(rnd) == [["11"], ["5", "6"], ["-4", "9", "10"]]
    assert rnd.status(2) == "stayed"
    assert rnd.deck == ["12"]
    rnd.play("stay")
    rnd.play("stay")
    assert rnd.scores() == [11, 11, 15]


def test_r13_bust_during_the_draws_discards_the_set_aside_cards() -> None:
    rnd = stacked("F4 5 STEAL 5 8 9 10", "target 1")
    assert rnd.status(1) == "busted"
    assert rnd.face_down(1) == ["5", "5"]
    assert "STEAL" in rnd.discard
    assert lines(rnd) == [["9"], [], ["8"]]
    assert rnd.deck == ["10"]


def test_r13_bust_while_resolving_the_queue_rest_still_resolved() -> None:
    rnd = stacked("F4 5 JOM -6 2 5 7 8", "target 1", "target 1")
    assert rnd.status(1) == "busted"
    # The -6 set aside after the Just One More is still resolved by Ann.
    assert rnd.pending is not None
    assert (rnd.pending.kind, rnd.pending.player) == ("modifier", 1)
    assert rnd.legal() == ["target 0", "target 2"]
    rnd.play("target 2")
    assert lines(rnd) == [["8"], [], ["-6", "7"]]
    rnd.play("stay")
    rnd.play("stay")
    assert rnd.scores() == [8, 0, 1]


# --- R14 Steal = receive ---
def test_r14_stolen_card_can_bust_the_thief() -> None:
    rnd = stacked("5 8 5 STEAL", "hit")
    assert rnd.legal() == ["steal 0 5", "steal 2 8"]
    rnd.play("steal 0 5")
    assert rnd.status(1) == "busted"
    assert rnd.line(0) == []
    assert rnd.face_down(1) == ["5", "5"]


def test_r14_stealing_the_zero_moves_its_must_hit() -> None:
    rnd = stacked("4 0 6 STEAL", "hit")
    rnd.play("steal 2 0")
    assert rnd.line(1) == ["4", "0"]
    assert rnd.legal() == ["hit", "stay"]  # Bea no longer holds it
    rnd.play("stay")
    rnd.play("stay")
    assert rnd.legal() == ["hit"]  # Ann now must hit


# --- R15 Swap = both receive ---
def test_r15_swapping_10_for_11_busts_both() -> None:
    rnd = stacked("10 10 3 11 11 SWAP", "hit", "hit", "hit")
    assert "swap 1 10 2 11" in rnd.legal()
    assert "swap 2 11 1 10" not in rnd.legal()  # lower seat first
    assert not any(c.split()[1] == c.split()[3] for c in rnd.legal())
    rnd.play("swap 1 10 2 11")
    assert statuses(rnd) == ["active", "busted", "busted"]
    assert rnd.face_down(1) == ["11", "11"] and rnd.face_down(2) == ["10", "10"]
    rnd.play("stay")
    assert rnd.scores() == [3, 0, 0]


def test_r15_a_swap_can_complete_flip7() -> None:
    # Two players. Ann gives Dee her -2 for Dee's 10: her seventh number.
    deck = "1 10 -2 4 5 6 8 9 SWAP"
    choices = ["hit", "target 1", "stay", "hit", "hit", "hit", "hit", "hit", "hit"]
    rnd = stacked(deck, *choices, players=2)
    assert "swap 0 10 1 -2" in rnd.legal()
    rnd.play("swap 0 10 1 -2")
    assert rnd.over and rnd.flip7 == 1
    assert rnd.line(0) == ["-2"]
    assert rnd.scores() == [0, 43 + 15]


# --- R16 Discard ends effects ---
def test_r16_discarding_your_own_zero_lets_you_stay() -> None:
    rnd = stacked("0 4 6 DISCARD", "hit")
    assert rnd.legal() == ["discard 0 6", "discard 1 0", "discard 2 4"]
    rnd.play("discard 1 0")
    assert rnd.line(1) == []
    rnd.play("stay")  # Bea
    rnd.play("stay")  # dealer
    assert rnd.legal() == ["hit", "stay"]


# --- R17 modifier assignment ---
def test_r17_modifier_goes_to_anyone_not_busted_stayed_included() -> None:
    rnd = stacked("5 6 7 5 -4", "hit", "stay", "hit")
    assert rnd.pending is not None and rnd.pending.kind == "modifier"
    assert rnd.legal() == ["target 0", "target 2"]
    rnd.play("target 2")
    assert rnd.line(2) == ["6", "-4"]
    rnd.play("stay")
    assert rnd.scores() == [7, 0, 2]


def test_r17_sole_survivor_keeps_the_modifier_but_is_still_asked() -> None:
    rnd = stacked("5 6 5 3 -2", "hit", "hit", "hit", players=2)
    assert rnd.status(1) == "busted"
    assert rnd.pending is not None and rnd.pending.kind == "modifier"
    assert rnd.legal() == ["target 0"]
    rnd.play("target 0")
    assert rnd.line(0) == ["6", "3", "-2"]
    rnd.play("stay")
    assert rnd.scores() == [7, 0]


# --- R18 each ÷2 halves ---
def test_r18_two_decks_each_halve_halves_again() -> None:
    rules = Rules(decks=2)
    deck = "12 1 2 /2 10 /2"
    choices = ["hit", "target 1", "stay", "stay", "hit", "hit", "target 1"]
    rnd = stacked(deck, *choices, rules=rules)
    rnd.play("stay")
    assert rnd.line(1) == ["12", "/2", "10", "/2"]
    assert rnd.over
    assert rnd.scores() == [2, 5, 1]  # 22 -> 11 -> 5


# --- R19 Brutal: busted base 0 ---
def test_r19_brutal_busted_player_given_minus_10_scores_minus_10() -> None:
    deck = "5 6 7 -2 3 5 -10"
    rnd = stacked(deck, "hit", "target 1", "stay", "hit", rules=BRUTAL)
    assert rnd.line(1) == ["5", "-2"]
    rnd.play("hit")  # Ann busts: her -2 goes face down with her numbers
    assert rnd.status(1) == "busted" and rnd.line(1) == []
    assert rnd.face_down(1) == ["5", "-2", "5"]
    rnd.play("hit")  # the dealer draws -10: Brutal lets it go to Ann
    assert rnd.legal() == ["target 0", "target 1", "target 2"]
    rnd.play("target 1")
    assert rnd.line(1) == ["-10"]
    rnd.play("stay")
    assert rnd.scores() == [10, -10, 6]


def test_r19_standard_rules_never_give_a_modifier_to_a_busted_player() -> None:
    rnd = stacked("5 6 7 5 -10", "hit", "stay", "hit")
    assert rnd.legal() == ["target 0", "target 2"]


# --- R20 Brutal Flip 7 choice ---
def test_r20_brutal_flip7_player_chooses_bonus_or_attack() -> None:
    deck = "1 2 3 4 5 6 7 8 9"
    choices = ["hit", "stay", "stay", "hit", "hit", "hit", "hit", "hit"]
    rnd = stacked(deck, *choices[:-1], rules=BRUTAL)
    rnd.play("hit")  # 1 4 5 6 7 8 9: Ann flips 7
    assert rnd.flip7 == 1
    assert not rnd.over
    assert rnd.pending is not None and rnd.pending.kind == "flip7"
    assert rnd.legal() == ["bonus", "attack 0", "attack 2"]
    attack = stacked(deck, *choices, "attack 2", rules=BRUTAL)
    assert attack.over and attack.attacked == 2
    assert attack.scores() == [3, 40, 2 - 15]
    bonus = stacked(deck, *choices, "bonus", rules=BRUTAL)
    assert bonus.scores() == [3, 40 + 15, 2]
