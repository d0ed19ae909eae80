"""Scoring practice: questions, answers, and the seeds' exercises (练习二)."""

from __future__ import annotations

import contextlib
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore import BridgeError, Contract, score
from bridgescore.home.quiz import Question, exercises, parse_answer, questions, random_question


def test_question_text_and_answer() -> None:
    q = Question(Contract.parse("4SX"), 8, vulnerable=True)
    assert q.answer == -500
    assert q.text("zh") == "4♠×，有局，拿8墩（宕2）。定约方得多少分？（宕了写负数）"
    assert q.check("-500").correct and q.check("负500").correct and q.check(-500).correct
    assert not q.check("500").correct
    assert q.check("500").message("zh") == "分数对了，正负号错了：定约方失500分（防守方得 200+300=500分）。"
    assert q.check("-500").message("en") == "Correct: the defenders score 200+300=500."
    assert q.check("-300").message("en") == (
        "Not quite: the answer is -500 (the defenders score 200+300=500).")
    made = Question(Contract.parse("3NT"), 10, vulnerable=False)
    assert made.answer == 430 and made.check("+430").message("zh") == "正确！定约方得 40+2×30+30+300=430分。"
    assert "1 overtrick" in made.text("en")


@pytest.mark.parametrize(("text", "value"), [
    ("620", 620), ("+620", 620), ("-500", -500), ("−500", -500), ("负500", -500),
    ("宕200", -200), ("620分", 620), ("六百二十", 620), ("1,430", 1430), ("０", 0),
])
def test_parse_answer(text: str, value: int) -> None:
    assert parse_answer(text) == value


@pytest.mark.parametrize("text", ["", "abc", "6 20", "--5", "620 points please"])
def test_parse_answer_errors(text: str) -> None:
    with pytest.raises(BridgeError) as info:
        parse_answer(text)
    assert repr(text) in str(info.value)


@given(st.text(max_size=15))
def test_parse_answer_fuzz(text: str) -> None:
    with contextlib.suppress(BridgeError):
        parse_answer(text)


@given(st.integers(0, 2**32))
def test_random_questions_are_legal(seed: int) -> None:
    q = random_question(random.Random(seed))
    assert 0 <= q.tricks <= 13
    assert q.answer == score(q.contract, q.tricks, q.vulnerable)
    assert q.check(str(q.answer)).correct
    data = q.to_json()
    assert data["answer"] == q.answer and data["question_zh"] and data["question_en"]


def test_seeded_questions_repeat_and_vary() -> None:
    assert questions(10, seed=7) == questions(10, seed=7)
    qs = questions(200, seed=1)
    assert len({q.contract.doubling for q in qs}) == 3
    assert any(q.relative < 0 for q in qs) and any(q.relative > 0 for q in qs)
    with pytest.raises(BridgeError):
        questions(0)


def test_exercise_two() -> None:
    items = {e.number: e for e in exercises()}
    assert sorted(items) == list(range(1, 9))
    # The printed answers: 2 → 300, 3 → 500, 5 → 300+500=800, 6 → 500+1500=2000.
    assert items[2].data["points"] == 300 and items[3].data["points"] == 500
    assert items[5].data == {"points": 800, "parts": (300, 500)}
    assert items[6].data == {"points": 2000, "parts": (500, 1500)}
    assert "3NT" in items[1].data["examples"] and "2HX" in items[1].data["examples"]
    assert "1NT" not in items[1].data["examples"]
    # Question 8: boards −6, +13, −12 as printed; board 4 is −150 = −4 (the seeds print +620
    # for 4♥+1 vulnerable; it is +650), so the away team wins by 9, not 8.
    boards = items[8].data["boards"]
    assert [(b["open"], b["closed"], b["imps"]) for b in boards] == [
        (170, 420, -6), (2230, 1470, 13), (-600, 100, -12), (500, 650, -4)]
    assert items[8].data["total"] == -9
    assert "客队获胜，胜9IMP" in items[8].answer("zh")
    assert "away team wins by 9 IMPs" in items[8].answer("en")
    assert "+620" in items[8].answer("zh")  # the correction is named
    for e in items.values():
        assert e.question("zh") != e.question("en") and e.answer("zh") and e.answer("en")
