"""Drawing: the table's view (plain data) into 1-bit pictures for the seat and console OLEDs.

Only Pillow and the view data are used here; the devices decide where the pictures go.
"""

from .console import draw_console
from .icons import die_icon, face_icon, small_icon
from .seat import draw_seat, life_bar
from .table import compose_table, render

__all__ = [
    "compose_table",
    "die_icon",
    "draw_console",
    "draw_seat",
    "face_icon",
    "life_bar",
    "render",
    "small_icon",
]
