"""Msg, Effect and Prompt as plain classes: frozen, compared by value, read and written by
pydantic in the form they had as models, and a prompt's message made only when read."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, replace

import pytest
from pydantic import BaseModel, TypeAdapter

from companion.core import Effect, Msg, Prompt, msg


class Holder(BaseModel):
    line: Effect
    label: Msg | None = None


def test_a_msg_and_an_effect_are_frozen_values() -> None:
    m = msg("dragon.fx.taxes", yuan=3)
    assert m == Msg(key="dragon.fx.taxes", args={"yuan": 3}) and Msg(key="x").args == {}
    with pytest.raises(FrozenInstanceError):
        m.key = "other"  # type: ignore[misc]
    fx = Effect(rule_id="dragon.action.taxes", msg=m, seat=1)
    assert replace(fx, seat=2) == Effect(rule_id="dragon.action.taxes", msg=m, seat=2)


def test_pydantic_reads_and_writes_them_in_the_models_form() -> None:
    nested = msg("dragon.fx.month", month=2, event=msg("dragon.event.drought"))
    holder = Holder(line=Effect(rule_id="r", msg=nested), label=nested)
    dumped = holder.model_dump(mode="json")
    assert dumped == {
        "line": {
            "rule_id": "r",
            "msg": {
                "key": "dragon.fx.month",
                "args": {"month": 2, "event": {"key": "dragon.event.drought", "args": {}}},
            },
            "seat": None,
        },
        "label": {
            "key": "dragon.fx.month",
            "args": {"month": 2, "event": {"key": "dragon.event.drought", "args": {}}},
        },
    }
    assert holder.line.msg is nested  # an instance is taken as it is, not copied
    back = Holder.model_validate({"line": {"rule_id": "r", "msg": {"key": "k", "args": {"n": 1}}}})
    assert back.line == Effect(rule_id="r", msg=Msg(key="k", args={"n": 1}))
    assert nested.to_json() == dumped["label"] == TypeAdapter(Msg).dump_python(nested, mode="json")


def test_a_prompts_message_is_made_once_and_only_when_read() -> None:
    made: list[int] = []

    def message() -> Msg:
        made.append(1)
        return msg("dragon.prompt.card", player="Ana")

    prompt = Prompt(seat=0, kind="card", msg=message, kinds=("card",))
    assert made == []
    assert prompt.msg == msg("dragon.prompt.card", player="Ana") and prompt.text
    assert prompt.msg is prompt.msg and made == [1]
    assert prompt == Prompt(seat=0, kind="card", msg=msg("dragon.prompt.card", player="Ana"), kinds=("card",))


def test_a_prompt_is_frozen_and_copied_with_replace() -> None:
    prompt = Prompt(seat=0, kind="card", msg=msg("x"), choices=[1, 2])
    with pytest.raises(AttributeError):
        prompt.seat = 1  # type: ignore[misc]
    other = prompt.replace(seat=None, choices=None)
    assert (other.seat, other.choices, other.kind, other.msg) == (None, None, "card", msg("x"))
    assert prompt.seat == 0 and prompt != other


def test_a_msg_without_arguments_is_written_as_pydantic_writes_it() -> None:
    """Its JSON form skips pydantic (a calculator's label, issue 27), and is the same."""
    for plain in (msg("chinatown.calc.final.money"), Msg("dragon.title"), Msg("x", {})):
        assert (
            plain.to_json()
            == TypeAdapter(Msg).dump_python(plain, mode="json")
            == {
                "key": plain.key,
                "args": {},
            }
        )


def test_a_msg_is_written_without_pydantic_as_pydantic_writes_it() -> None:
    """Msg.to_json writes common arguments itself (issue 27); other types go to pydantic."""
    adapter = TypeAdapter(Msg)
    inner = msg("dayu.frame.red")
    samples = [
        msg("dayu.score.vp_cards", frame=inner, n=3),
        msg("k", a=[1, "two", inner], b=(True, None), c=[[1], (2, msg("x", y=[]))], d=-4),
        msg("k", whole=10**30, text='é \\ "', flag=False),
        msg("k", number=2.5, many={1, 2}, mapping={"a": 1}, given=b"bytes"),  # pydantic's own
    ]
    for m in samples:
        assert m.to_json() == adapter.dump_python(m, mode="json"), m
