"""A list part (companion/ui/parts.py) hands back the control it drew last time only while its
props are equal and that control is still on the session's screen; anything else draws anew.
The screens' own tests check this through taps (test_parts_redraw.py); here each rule alone."""

import flet as ft

from companion.ui.parts import Kept, part


class Screen:
    """What a session's control index holds: the controls on screen, by id."""

    def __init__(self) -> None:
        self.index: dict[int, object] = {}

    def show(self, control: ft.Control) -> ft.Control:
        self.index[control._i] = control
        return control


def drawn(kept: Kept, props: object, value: str, key: str = "line") -> ft.Control:
    kept.new_render()
    with kept.drawing():
        return part(props, lambda: ft.Text(value), key=key)


def test_equal_props_hand_back_the_same_control_while_it_is_on_screen() -> None:
    screen = Screen()
    kept = Kept(screen.index)
    first = screen.show(drawn(kept, ("en", 3), "3"))
    assert drawn(kept, ("en", 3), "3") is first
    changed = drawn(kept, ("en", 4), "4")
    assert changed is not first and changed.value == "4"


def test_a_part_that_left_the_screen_is_drawn_anew() -> None:
    screen = Screen()
    kept = Kept(screen.index)
    first = screen.show(drawn(kept, "same", "a"))
    del screen.index[first._i]  # Flet removed it (a closed dialog, another screen)
    again = drawn(kept, "same", "a")
    assert again is not first and again.value == "a"


def test_a_key_met_twice_in_one_render_draws_the_second_anew() -> None:
    screen = Screen()
    kept = Kept(screen.index)
    first = screen.show(drawn(kept, "same", "a"))
    kept.new_render()
    with kept.drawing():
        once = part("same", lambda: ft.Text("a"), key="line")
        twice = part("same", lambda: ft.Text("a"), key="line")
    assert once is first and twice is not first  # one control is never in two places


def test_a_keyless_control_takes_the_parts_key_and_a_keyed_one_keeps_its_own() -> None:
    kept = Kept({})
    assert drawn(kept, 1, "x", key="count-part").key == "count-part"
    kept.new_render()
    with kept.drawing():
        own = part(1, lambda: ft.Text("y", key="total-0"), key="total-part")
    assert own.key == "total-0"


def test_outside_a_render_a_part_is_drawn_every_time() -> None:
    one = part("same", lambda: ft.Text("a"), key="line")
    assert part("same", lambda: ft.Text("a"), key="line") is not one
