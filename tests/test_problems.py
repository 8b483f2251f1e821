"""The problems of a tapped-in round and the refusals of the rules, worded
in the session's language (issue 12): the rules core stays English and
returns codes; companion/app/problems.py words every code, card names come
from companion/app/card_names.py, and notices made outside a session
(the store's, a commit's "what changed") are worded by the session that
shows them."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from damage import BAD, healthy
from drive import drive

from companion.app import AppState
from companion.app.hub import GameHub
from companion.app.problems import SHEET_ERRORS, TEMPLATES, error_text, problem_text
from companion.i18n import use
from companion.i18n.said import Said, worded
from companion.rules import Problem, Rules, Sheet, SheetError, parse_cards
from companion.rules import validate_round as validate
from companion.store import GameStore

ROOT = Path(__file__).resolve().parents[1]
NAMES_AB = ["Ann", "Bob"]


def _codes_made(path: Path, call: str, arg: int) -> set[str]:
    """Every code ``call(...)`` gets at position ``arg`` in a module: a
    literal there, or the literals a variable passed there is set to."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    assigned: dict[str, set[str]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            strings = {
                n.value
                for n in ast.walk(node.value)
                if isinstance(n, ast.Constant) and isinstance(n.value, str)
            }
            assigned.setdefault(node.targets[0].id, set()).update(strings)
    found: set[str] = set()
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and getattr(node.func, "id", "") == call):
            continue
        if len(node.args) <= arg:
            continue
        given = node.args[arg]
        if isinstance(given, ast.Constant) and isinstance(given.value, str):
            found.add(given.value)
        elif isinstance(given, ast.Name):
            found |= assigned.get(given.id, set())
    return found


def test_every_problem_code_has_a_template() -> None:
    made = _codes_made(ROOT / "companion/rules/validate.py", "Problem", 0)
    made |= _codes_made(ROOT / "companion/app/entry.py", "Problem", 0)
    assert {"third_13", "duplicate", "two_flip7", "typed_negative"} <= made
    assert made - set(TEMPLATES) == set(), "word these codes in problems.py"


def test_every_sheet_error_code_has_a_template() -> None:
    made = set()
    for name in ("sheet.py", "match.py"):
        made |= _codes_made(ROOT / "companion/rules" / name, "SheetError", 1)
    assert {"no_name", "name_taken", "game_over", "too_few_players"} <= made
    assert made - set(SHEET_ERRORS) == set(), "word these codes in problems.py"


# One round per code: (lines, busted, rules), the code, then its Italian and
# Hungarian wording with Ann and Bob.
CASES = [
    (
        (["5 STEAL", "1"], [False, False], Rules()),
        "action_in_line",
        "Ann: Ruba è una carta Azione; le carte Azione non restano mai nella fila.",
        "Ann: a Steal akciókártya; akciókártya sosem marad a sorban.",
    ),
    (
        (["13 13L 13", "1"], [False, False], Rules()),
        "third_13",
        "Ann: un terzo 13 fa sempre eliminare.",
        "Ann: a harmadik 13-as mindig bedőlést okoz.",
    ),
    (
        (["1", "13 13"], [False, False], Rules()),
        "duplicate",
        "Bob: due 13 fanno eliminare senza il 13 Fortunato.",
        "Bob: két 13-as a Lucky 13 nélkül bedőlést okoz.",
    ),
    (
        (["5 9 5", "1"], [False, False], Rules()),
        "duplicate",
        "Ann: due 5 in una fila non eliminata.",
        "Ann: két 5 értékű lap egy be nem dőlt sorban.",
    ),
    (
        (["7U 7", "1"], [False, False], Rules()),
        "seven_with_unlucky",
        "Ann: un 7 non può stare accanto al 7 Sfortunato (viene scartato quando "
        "arriva il 7 Sfortunato, e un 7 pescato dopo fa eliminare).",
        "Ann: 7-es nem lehet az Unlucky 7 mellett (az Unlucky 7 érkezésekor "
        "eldobják, egy később húzott 7-es pedig bedőlést okoz).",
    ),
    (
        (["1 2 3 4 5 6 8 9", "1"], [False, False], Rules()),
        "too_many_numbers",
        "Ann: 8 carte Numero; il round finisce a 7 (Flip 7).",
        "Ann: 8 számkártya; a kör 7-nél véget ér (Flip 7).",
    ),
    (
        (["1 2 3 4 5 6 8", "1 2 3 4 5 6 9"], [False, False], Rules()),
        "two_flip7",
        "Un solo Flip 7 per round: Ann e Bob hanno 7 carte Numero.",
        "Körönként csak egy Flip 7 lehet: Ann és Bob mind 7 számkártyát tartanak.",
    ),
    (
        (["0", "0"], [True, False], Rules()),
        "too_many_copies",
        "2 × Lo Zero sul tavolo (Ann e Bob), ma il mazzo ne contiene 1 copia.",
        "2 × The Zero van az asztalon (Ann és Bob), de a pakliban csak 1 példány van.",
    ),
    (
        (["2 1", "2 3", "2"], [False, False, True], Rules()),
        "too_many_copies",
        "3 × 2 sul tavolo (Ann, Bob e Cy), ma il mazzo ne contiene 2 copie.",
        "3 × 2 van az asztalon (Ann, Bob és Cy), de a pakliban csak 2 példány van.",
    ),
    (
        (["JOM", "JOM", "JOM", "JOM", "JOM"], [True] * 5, Rules(decks=2)),
        "too_many_copies",
        "5 × Ancora Una! sul tavolo (Ann, Bob, Cy, Dee e Eve), ma due mazzi ne "
        "contengono 4 copie.",
        "5 × Just One More! van az asztalon (Ann, Bob, Cy, Dee és Eve), de két "
        "pakliban csak 4 példány van.",
    ),
]


@pytest.mark.parametrize(("given", "code", "italian", "hungarian"), CASES)
def test_each_problem_is_worded_in_italian_and_hungarian(
    given: tuple[list[str], list[bool], Rules], code: str, italian: str, hungarian: str
) -> None:
    lines, busted, rules = given
    names = ["Ann", "Bob", "Cy", "Dee", "Eve"][: len(lines)]
    found = validate([parse_cards(x) for x in lines], busted, rules, names)
    (problem,) = [p for p in found if p.code == code]
    with use("en"):  # the rules' English, but for lists and "copies"
        if code not in ("too_many_copies", "two_flip7"):
            assert problem_text(problem, names) == problem.message
    with use("it"):
        assert problem_text(problem, names) == italian
    with use("hu"):
        assert problem_text(problem, names) == hungarian


def test_english_wording_matches_the_rules_message_except_plural_copies() -> None:
    """The app's English is the rules' English (plus "copy"/"copies")."""
    found = validate([parse_cards("13L"), parse_cards("13L")], [True, True])
    (problem,) = found
    with use("en"):
        assert problem_text(problem) == (
            "2 × Lucky 13 on the table (Player 1 and Player 2), "
            "but the deck holds 1 copy."
        )
    assert problem.message.startswith("2 × Lucky 13 on the table")


def test_counts_take_their_plural_forms() -> None:
    one = Problem("too_many_numbers", "", 0, params={"count": 1})
    many = Problem("too_many_numbers", "", 0, params={"count": 9})
    with use("it"):
        assert problem_text(one, NAMES_AB) == (
            "Ann: 1 carta Numero; il round finisce a 7 (Flip 7)."
        )
        assert problem_text(many, NAMES_AB).startswith("Ann: 9 carte Numero;")
    with use("en"):
        assert problem_text(one, NAMES_AB).startswith("Ann: 1 number card;")
        assert problem_text(many, NAMES_AB).startswith("Ann: 9 number cards;")
    with use("hu"):
        assert problem_text(many, NAMES_AB).startswith("Ann: 9 számkártya;")


def test_typed_negative_and_unnamed_players() -> None:
    problem = Problem("typed_negative", "", 1)
    with use("it"):
        assert problem_text(problem) == (
            "Giocatore 2: senza la Modalità Brutale i punteggi non scendono mai "
            "sotto 0."
        )
    with use("hu"):
        assert problem_text(problem, NAMES_AB) == (
            "Bob: Brutális mód nélkül a pontszám sosem megy 0 alá."
        )


def test_an_unknown_code_keeps_the_rules_message() -> None:
    assert problem_text(Problem("new_code", "As the rules say.")) == "As the rules say."


def test_problem_params_do_not_change_equality_of_old_fields() -> None:
    a = Problem("duplicate", "m", 0, "5")
    assert a == Problem("duplicate", "m", 0, "5") and a.params == {}
    assert hash(a) == hash(Problem("duplicate", "m", 0, "5", params={"x": 1}))


# --- the refusals of the rules ------------------------------------------------------
def _refusal(change: object) -> SheetError:
    with pytest.raises(SheetError) as caught:
        change()  # type: ignore[operator]
    return caught.value


def test_sheet_refusals_are_worded() -> None:
    sheet = Sheet.new(["Ann", "Bob"])
    taken = _refusal(lambda: sheet.rename("p2", "ann"))
    few = _refusal(lambda: sheet.remove_player("p1"))
    long = _refusal(lambda: sheet.add_player("x" * 31))
    many = _refusal(lambda: Sheet.new([f"P{i}" for i in range(19)]))
    assert (taken.code, few.code, long.code) == (
        "name_taken",
        "too_few_players",
        "name_too_long",
    )
    with use("it"):
        assert error_text(taken) == "ann è già al tavolo."
        assert error_text(few) == "Una partita richiede almeno 2 giocatori."
        assert error_text(long) == "I nomi hanno al massimo 30 caratteri."
        assert error_text(many).startswith("Con un mazzo si gioca da 2 a")
    with use("hu"):
        assert error_text(taken) == "ann már az asztalnál ül."
        assert error_text(sheet_undo()) == "Nincs visszavonható kör."
    with use("en"):
        assert error_text(taken) == str(taken)
        assert error_text(few) == str(few)
        assert error_text(long) == str(long)


def sheet_undo() -> SheetError:
    return _refusal(lambda: Sheet.new(["Ann", "Bob"]).undo_round())


@pytest.mark.parametrize("code", sorted(SHEET_ERRORS))
def test_every_sheet_template_is_translated(code: str) -> None:
    params = {"max": 18, "name": "Ann", "n": 3, "pid": "p9", "decks": 2}
    error = SheetError("English", code, params)
    with use("en"):
        english = error_text(error)
    for language in ("it", "hu"):
        with use(language):
            assert error_text(error) != english, (language, code)


def test_a_session_words_sheet_refusals_in_its_language() -> None:
    state = AppState(GameStore.memory())
    assert drive(state.act(state.form.add, "Ann")) is None
    with use("it"):
        assert drive(state.act(state.form.add, "ann")) == "ann è già al tavolo."


# --- card names (their table: tests/test_card_names.py) ---------------------------
def test_card_faces_say_their_names_in_the_language() -> None:
    from companion.ui.parts.cardlook import card_face, label

    with use("it"):
        assert label("13L") == "13 Fortunato"
        face = card_face("STEAL", caption="1")
        assert face.label == "Ruba, 1"
        assert card_face("5", face_down=True).label == "carta coperta"
    with use("en"):
        assert card_face("STEAL").label == "Steal"


# --- notices made outside a session -------------------------------------------------
def test_said_is_english_text_worded_again() -> None:
    said = Said("{name} left the table", name="Ann")
    assert said == "Ann left the table" and isinstance(said, str)
    with use("it"):
        assert worded(said) == "Ann ha lasciato il tavolo"
        assert worded("Ann") == "Ann"


def test_a_change_meanwhile_is_told_in_the_refused_screens_language() -> None:
    hub = GameHub(GameStore.memory())
    one, two = AppState(hub), AppState(hub)
    for name in NAMES_AB:
        assert drive(one.act(one.form.add, name)) is None
    assert one.start_game() is None and one.game_id is not None
    assert two.open_game(one.game_id) is None
    assert (
        drive(one.act(one.entry.add_card, "p1", "7")) is None
    )  # an English screen taps Ann's line
    with use("hu"):
        refused = drive(two.act(two.entry.add_card, "p1", "9"))
    assert refused == (
        "Közben egy másik képernyőn: Ann sora megváltozott. "
        "Itt semmi sem változott: nézd meg, és próbáld újra."
    )


def test_problems_refused_at_save_are_worded_for_the_saving_screen() -> None:
    state = AppState(GameStore.memory())
    for name in NAMES_AB:
        assert drive(state.act(state.form.add, name)) is None
    assert state.start_game() is None
    for code in ("5", "9"):
        assert drive(state.act(state.entry.add_card, "p1", code)) is None
    assert drive(state.act(state.entry.add_card, "p2", "9")) is None
    assert drive(state.act(state.entry.add_card, "p2", "8")) is None
    state.watch.state.draft.lines["p1"].append("5")  # type: ignore[union-attr]
    with use("it"):
        refused = drive(state.act(state.entry.save))
        (problem,) = state.entry.problems()
        assert state.entry.problem_text(problem) == refused
    assert refused == "Ann: due 5 in una fila non eliminata."


def test_a_damaged_file_is_told_in_the_sessions_language(tmp_path: Path) -> None:
    data = tmp_path / "data"
    healthy(data)
    day = GameStore(data).list_games()[0].created[:10]
    (data / "games" / f"{BAD}.json").write_text("{ not json")
    state = AppState(GameStore(data))
    with use("en"):
        (english,) = state.alerts
    # Named by the game, then its file (issue 37).
    assert english.startswith(f"The game of Ann, Bob begun {day}: {BAD}.json")
    assert f"{BAD}.json could not be read (" in english
    with use("hu"):
        (hungarian,) = state.alerts
    assert hungarian.startswith(f"A játszma (Ann, Bob, kezdve: {day}): a {BAD}")
    assert f"a {BAD}.json nem olvasható (" in hungarian
    assert "áthelyeztük ide: " in hungarian and "érintetlenül" in hungarian


def test_tap_in_refusals_are_worded_with_card_names_and_counts() -> None:
    state = AppState(GameStore.memory())
    for name in NAMES_AB:
        assert drive(state.act(state.form.add, name)) is None
    assert state.start_game() is None
    assert drive(state.act(state.entry.add_card, "p1", "0")) is None
    assert drive(state.act(state.entry.add_card, "p1", "1")) is None
    with use("it"):
        assert drive(state.act(state.entry.add_card, "p2", "0")) == (
            "Lo Zero: non ne restano: il mazzo ne contiene 1 ed è già in questo round."
        )
        assert drive(state.act(state.entry.add_card, "p2", "STEAL")) == (
            "Ruba è una carta Azione: le carte Azione non restano mai nella fila."
        )
    with use("hu"):
        assert drive(state.act(state.entry.add_card, "p2", "0")) == (
            "The Zero: nem maradt több: a pakliban 1 van, és az ebben a körben van."
        )
    with use("en"):
        assert drive(state.act(state.entry.add_card, "p2", "0")) == (
            "No The Zero left: the deck holds 1 and all are in this round."
        )
    assert drive(state.act(state.entry.add_card, "p1", "2")) is None
    assert drive(state.act(state.entry.add_card, "p2", "2")) is None
    with use("it"):  # the plural: both copies of the 2 are in
        assert drive(state.act(state.entry.add_card, "p2", "2")) == (
            "2: non ne restano: il mazzo ne contiene 2 e sono tutte in questo round."
        )
    with use("hu"):
        assert drive(state.act(state.entry.add_card, "p1", "2")) == (
            "2: nem maradt több: a pakliban 2 van, és mind ebben a körben van."
        )


def test_an_empty_game_file_is_told_with_its_reason_in_the_language(
    tmp_path: Path,
) -> None:
    data = tmp_path / "data"
    healthy(data)
    (data / "games" / f"{BAD}.json").write_text("  ")
    state = AppState(GameStore(data))
    with use("it"):
        (italian,) = state.alerts
    assert f"impossibile leggere {BAD}.json (il file è vuoto); " in italian
    with use("en"):
        (english,) = state.alerts
    assert f"{BAD}.json could not be read (the file is empty); " in english
