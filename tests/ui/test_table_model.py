"""The open table's model (companion/ui/table_model.py): made again on every render, equal while
nothing it holds changed (a kept part or a command button given it is not redrawn for it), new
when the question's refusal or the table moves on, and holding the shared table itself."""

from test_generic_screens import new_toy_table
from ui_testkit import new_hub, started

from companion.ui.seen import seen_by


async def test_two_renders_of_the_same_moment_give_equal_models(tmp_path):
    h = await started(new_hub(tmp_path))
    await new_toy_table(h)
    app = h.session.store.get("companion.app")
    first, again = app.table_model(), app.table_model()
    assert first is not again and first == again
    assert first.deal == again.deal and first.submit == again.submit  # the session's own commands
    assert first.view is seen_by(first.table, None)  # the host's screen: the public view
    assert (first.id, first.version, first.prompt) == (
        app.open.table.id,
        app.open.table.version,
        app.open.table.prompt,
    )
    h.close()


async def test_a_refusal_or_an_entry_makes_a_different_model(tmp_path):
    h = await started(new_hub(tmp_path))
    await new_toy_table(h)
    app = h.session.store.get("companion.app")
    before = app.table_model()
    version = before.version
    app.open.fail("no")
    refused = app.table_model()
    assert refused != before and refused.notice is not None
    assert app.open.deal()  # the toy's first question is a table fact: the app deals it
    after = app.table_model()
    assert after.notice is None and after.version == version + 1
    # entries change the hub's table in place: a model drawn before an entry reads it after
    # (Dragon's taps of several entries check each against the table the last one left)
    assert before.table is after.table and before.version == after.version
    h.close()
