"""`landlords rules EDITION [--diff OTHER]`: an edition's rules with their sources, or what two editions
play differently; an edition that is not one gets one line and exit status 2."""

from __future__ import annotations

import pytest

from cli.main import main
from engine.play.sources import differences, edition_rules


def rules(capsys: pytest.CaptureFixture[str], *words: str) -> tuple[int, str, str]:
    try:
        code = main(["rules", *words])
    except SystemExit as exc:  # argparse refusing what was typed
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_an_editions_rules_come_with_their_sources(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = rules(capsys, "classic")
    assert code == 0 and not err
    assert out.startswith(f"Classic (1936-2008): {len(edition_rules('classic'))} rules")
    assert "Income Tax  [tax.income]" in out
    assert "Darrow's patent, claim 1:" in out  # a claim of the patent, quoted
    assert "Where the sources are silent:" in out
    assert "The documents cited:" in out and "US patent 2,026,082" in out
    assert "[debt.poorhouse]" not in out  # the classic game has none


def test_names_in_any_case_name_the_edition(capsys: pytest.CaptureFixture[str]) -> None:
    code, by_name, _ = rules(capsys, "landlord's game 1904")
    assert code == 0 and by_name.startswith("Landlord's Game 1904 (1904):")
    code, by_id, _ = rules(capsys, "LANDLORDS-1904")
    assert code == 0 and by_id == by_name
    assert "[debt.poorhouse]" in by_id and "Magie's patent, 'Poorhouse':" in by_id


def test_the_differences_between_two_editions(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = rules(capsys, "modern", "--diff", "classic")
    assert code == 0
    found = differences("modern", "classic")
    assert out.startswith(f"Modern and Classic differ in {len(found)} rules.")
    assert "Modern: Income Tax: pay a flat $200." in out
    assert "Classic: Income Tax: pay $200, or 10 %" in out
    code, out, _ = rules(capsys, "finance-1936", "--diff", "classic")
    assert "Finance: no such rule. There is no jail." in out
    code, out, _ = rules(capsys, "addon", "--diff", "addon")
    assert code == 0 and "nothing differs" in out


def test_an_edition_that_is_not_one_gets_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = rules(capsys, "chess")
    assert code == 2 and not out
    assert "no edition 'chess'; choose from classic" in err


def test_the_rules_topics_and_names_are_said_in_the_language_spoken(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Each topic's and each rule's name is a message: in Spanish the headings are Spanish (the rules'
    own wording is said in context "rules", tests/translation/test_rule_texts.py; the sources quoted
    are as the sources file holds them)."""
    from engine.core.rule_ids import TITLES, TOPICS
    from translation import language

    spanish = language("es")
    assert spanish is not None
    code, out, err = rules(capsys, "classic", "--diff", "modern", "--lang", "es")
    said = {name: spanish.translations.gettext(name) for name in [*TOPICS.values(), *TITLES.values()]}
    assert code == 0 and not err
    assert "\nCárcel\n" in out and "  Pagar la multa para salir de la cárcel  [jail.fine]" in out
    assert "Paying the fine to leave jail" not in out and "\nJail\n" not in out
    untranslated = [
        name for name, spoken in said.items() if spoken == name and " " in name and "Tax" not in name
    ]
    assert (
        untranslated
        == [  # Free Parking is the board's "Parking Gratuito" (tests/translation/test_spanish_terms.py)
            "Win Sweepstakes",
            "The Surprise Move",
            "Move Backwards",
            "Double Trouble",
        ]
    )
