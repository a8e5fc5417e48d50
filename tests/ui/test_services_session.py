"""What the screens are given instead of the App (companion/ui/services.py): the session's
``Services``, made once, and its ``Session`` value, equal every time it is made, so the context
the root component provides is never out of date and parts given them are not redrawn for them."""

from test_generic_screens import new_toy_table
from ui_testkit import new_hub, started

from companion.ui.i18n import translator


async def test_a_session_value_is_equal_every_time_and_follows_the_language(tmp_path):
    h = await started(new_hub(tmp_path))
    app = h.session.store.get("companion.app")
    first, again = app.session(), app.session()
    assert first is not again and first == again
    assert first.tr is app.tr is translator(app.settings.lang)  # one translator per language
    await app.update_settings(lang="es")
    assert first.tr is app.tr is translator("es")  # read at each use: never a stale language
    assert first == app.session()  # still equal after the change: the settings change in place
    h.close()


async def test_the_services_are_the_sessions_own_and_bound_commands_compare_equal(tmp_path):
    h = await started(new_hub(tmp_path))
    await new_toy_table(h)
    app = h.session.store.get("companion.app")
    services, session = app.services, app.session()
    assert services.hub is app.hub and services.repos is app.services.repos
    assert services.dialogs is app.dialogs and services.device is app.device  # one each per session
    # a table screen's model made through the session value equals the App's own
    assert session.table_model(app.open.table) == app.table_model(app.open.table)
    assert session.table_now() is app.open.table
    assert services.attempt_keys() == services.attempt_keys()  # one identity per session
    h.close()
