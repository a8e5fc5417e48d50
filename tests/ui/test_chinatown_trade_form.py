"""The Chinatown trade form's parties and money: choosing who gives never changes who receives
(and back), and the money is a number field with steps of one bill and of ten, validated."""

from test_chinatown_ui import first_year_by_hand, new_chinatown
from ui_testkit import new_hub, only_table, started

from companion.games.chinatown.data import DATA

UNIT = DATA.money_unit


async def trading(tmp_path, lang: str = "en"):
    hub = new_hub(tmp_path)
    h = await started(hub, prefs={"table_companion.lang": lang})
    await new_chinatown(h)
    table = only_table(hub)
    await first_year_by_hand(h, table)
    return h, table


def chosen(h, prefix: str) -> list[int]:
    """The seats drawn as chosen (filled) in a row of player buttons."""
    return [int(k.rsplit("-", 1)[1]) for k in h.keys(prefix) if type(h.by_key(k)).__name__ == "FilledButton"]


async def test_who_gives_and_to_whom_never_change_each_other(tmp_path):
    h, _ = await trading(tmp_path)
    assert chosen(h, "ct-giver-") == [0] and chosen(h, "ct-receiver-") == [1]
    await h.click("ct-giver-1")  # Ben gives: Ben is still the one who receives, as chosen
    assert chosen(h, "ct-giver-") == [1] and chosen(h, "ct-receiver-") == [1]
    assert h.has("ct-same-party") and h.by_key("ct-give-add").disabled
    await h.click("ct-receiver-2")  # to Carla: Ben still gives
    assert chosen(h, "ct-giver-") == [1] and chosen(h, "ct-receiver-") == [2]
    assert not h.has("ct-same-party") and not h.by_key("ct-give-add").disabled
    await h.click("ct-receiver-0")
    await h.click("ct-giver-2")
    assert chosen(h, "ct-receiver-") == [0] and chosen(h, "ct-giver-") == [2]
    h.close()


async def test_money_field_with_steps_and_validation(tmp_path):
    h, table = await trading(tmp_path)
    await h.click("ct-receiver-2")
    await h.click("ct-money-plus-10")
    await h.click("ct-money-plus")
    assert h.by_key("ct-money-field").value == str(11 * UNIT)
    await h.click("ct-money-minus")
    assert h.by_key("ct-money-field").value == str(10 * UNIT)
    assert h.by_key("ct-money-minus-10").disabled is False
    await h.type_text("ct-money-field", str(UNIT + UNIT // 2))  # not a whole bill
    assert h.by_key("ct-money-field").error and h.by_key("ct-give-add").disabled
    await h.type_text("ct-money-field", "2O000")  # a letter O
    assert h.by_key("ct-money-field").error and h.by_key("ct-give-add").disabled
    await h.type_text("ct-money-field", str(3 * UNIT))
    field = h.by_key("ct-money-field")
    assert not field.error and field.helper == f"${3 * UNIT:,}"
    assert h.by_key("ct-money-minus-10").disabled  # not below nothing
    before = table.to_json()
    await h.click("ct-give-add")
    assert table.to_json() == before  # a part is only drafted
    assert h.by_key("ct-money-field").value == ""
    money = list(table.state.money)
    await h.click("ct-trade-review")
    await h.click("ct-trade-confirm")
    assert table.state.money[0] == money[0] - 3 * UNIT and table.state.money[2] == money[2] + 3 * UNIT
    h.close()


async def test_money_errors_in_spanish(tmp_path):
    h, _ = await trading(tmp_path, "es")
    await h.type_text("ct-money-field", "15000")
    assert "billetes" in h.by_key("ct-money-field").error
    h.close()
