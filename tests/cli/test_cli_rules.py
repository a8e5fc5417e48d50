"""`companion rules GAME QUESTION`: ranked rules for a question in players' words."""

import json
import subprocess
import sys


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "companion.cli", "rules", *args], capture_output=True, text=True, timeout=60
    )


def test_a_question_in_players_words_prints_ranked_rules():
    out = run("dragon", "what", "happens", "if", "my", "palaces", "are", "full")
    assert out.returncode == 0, out.stderr
    first = out.stdout.splitlines()[0]
    assert first == "1. All palaces full (project decision)  [dragon.decision.full_palaces]"
    assert "2. " in out.stdout


def test_spanish_question_and_the_old_one_word_search():
    out = run("dragon", "no tengo dinero para pagar el tributo", "--lang", "es")
    assert out.returncode == 0 and out.stdout.startswith("1. Tributo imperial  [dragon.event.tribute]")
    assert "dragon.event.drought" in run("dragon", "sequia", "--lang", "es").stdout


def test_json_for_tools():
    out = run("chinatown", "who gets the money from a shop on a traded building", "--json", "--limit", "3")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["game"] == "chinatown" and data["lang"] == "en" and len(data["hits"]) == 3
    hit = data["hits"][0]
    assert set(hit) == {"rule_id", "game", "title", "snippet", "matched", "score", "status"}
    assert "chinatown.decision.owner_income" in [h["rule_id"] for h in data["hits"]]


def test_nothing_found_and_bad_game():
    out = run("dayu", "zzzz", "--lang", "es")
    assert out.returncode == 0 and out.stdout.startswith("Ninguna regla responde")
    assert run("chess", "castling").returncode == 2
    assert run("dragon").returncode == 2  # a question is required


def test_full_shows_the_best_rule_with_examples_questions_and_related_rules():
    out = run("dragon", "no puedo pagar el tributo", "--lang", "es", "--full", "--limit", "2")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0] == "1. Tributo imperial  [dragon.event.tribute]"
    assert any(line.startswith("   Ejemplo: Darío") for line in lines)
    assert "   Dudas frecuentes:" in lines and "   - No puedo pagar todo el tributo. ¿Quién se va?" in lines
    assert any(
        line.startswith("   Mira también: ") and "[dragon.event.release_order]" in line for line in lines
    )
    assert any(line.startswith("2. ") for line in lines)


def test_the_looser_matches_are_left_out_and_counted_as_on_the_rules_screen():
    """The rules scoring under 5% of the best (fts.TAIL) wait behind --all, as behind the
    screen's "Show N more rules, looser matches"."""
    question = ("dragon", "what", "if", "I", "cant", "pay", "the", "tribute")
    out = run(*question)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0] == "1. Imperial tribute  [dragon.event.tribute]"
    assert [line for line in lines if line[:1].isdigit() and "[" in line][-1].startswith("3. ")
    assert lines[-1] == "7 looser matches left out: add --all to see them."
    every = run(*question, "--all").stdout.splitlines()
    assert any(line.startswith("10. ") for line in every) and "looser" not in every[-1]
    data = json.loads(run(*question, "--json").stdout)
    assert len(data["hits"]) == 3 and data["left_out"] == 7
    assert json.loads(run(*question, "--json", "--all").stdout)["left_out"] == 0


def test_the_looser_matches_said_in_spanish_and_under_the_full_card():
    out = run("dragon", "no tengo dinero para pagar el tributo", "--lang", "es")
    assert out.stdout.splitlines()[-1] == "Quedan fuera 7 reglas que encajan menos: añade --all para verlas."
    full = run("dragon", "what if I cant pay the tribute", "--full", "--limit", "5").stdout.splitlines()
    assert full[-1] == "2 looser matches left out: add --all to see them."
    assert not any(line.startswith("4. ") for line in full)


def test_the_pseudo_locale_offered_by_lang_reads_the_english_rules_accented():
    """--lang qps is offered by every command: the rules in English, accented and bracketed as the
    Rules screen shows them under qps (it was refused as an unknown language of the rules)."""
    out = run("dragon", "what", "if", "I", "cant", "pay", "--lang", "qps")
    assert out.returncode == 0, out.stderr
    first = out.stdout.splitlines()[0]
    assert first.startswith("1. [") and first.endswith("  [dragon.event.tribute]")
    assert "Tribute" not in first  # accented, so a text left untranslated would show plain
    full = run("dragon", "what", "if", "I", "cant", "pay", "--lang", "qps", "--full")
    assert full.returncode == 0, full.stderr
    assert full.stdout.startswith("1. [") and "[dragon.event.tribute]" in full.stdout
