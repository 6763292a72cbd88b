"""Each seat's life and arrows over the turns, as inline SVG: no script, nothing fetched.

The lines are drawn in the game's own units (a point is ``turn,life``) inside a group whose
transform maps them onto the picture, so the numbers in ``points`` are the game's and a
stroke keeps its width however the axes are stretched.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from ..table.story import Tokens

WIDTH, HEIGHT = 320, 120
LEFT, RIGHT, TOP, BOTTOM = 28, 8, 8, 22  # room for the numbers on the axes
LIFE_COLOUR, ARROWS_COLOUR = "#b3261e", "#1f5f8b"


def seat_chart(
    seat: int, engine_seat: int, course: Sequence[tuple[int, Tokens]], caption: str
) -> str:
    """One seat's chart: its life (a solid line) and arrows held (dashed) after each turn."""
    turns = max(1, course[-1][0])
    top = max(1, *(max(life, arrows) for _, points in course for life, arrows in points))
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    sx, sy = plot_w / turns, plot_h / top
    life = " ".join(f"{turn},{points[engine_seat][0]}" for turn, points in course)
    arrows = " ".join(f"{turn},{points[engine_seat][1]}" for turn, points in course)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{escape(caption)}">',
        f"<title>{escape(caption)}</title>",
        *_axes(turns, top, sx, sy),
        f'<g transform="translate({LEFT},{TOP + plot_h}) scale({sx:.4g},{-sy:.4g})" '
        'fill="none" stroke-linejoin="round">',
        f'<polyline class="life" data-seat="{seat}" points="{life}" stroke="{LIFE_COLOUR}" '
        'stroke-width="2" vector-effect="non-scaling-stroke"/>',
        f'<polyline class="arrows" data-seat="{seat}" points="{arrows}" '
        f'stroke="{ARROWS_COLOUR}" stroke-width="1.5" stroke-dasharray="4 3" '
        'vector-effect="non-scaling-stroke"/>',
        "</g>",
        "</svg>",
    ]
    return "".join(parts)


def _axes(turns: int, top: int, sx: float, sy: float) -> list[str]:
    """The frame, a few numbers up the side (life and arrows share them) and along the
    bottom (turns), each at its place."""
    bottom = HEIGHT - BOTTOM
    parts = [
        f'<rect x="{LEFT}" y="{TOP}" width="{WIDTH - LEFT - RIGHT}" '
        f'height="{bottom - TOP}" fill="#fbf8f1" stroke="#999"/>'
    ]
    for value in sorted({0, top // 2, top}):
        y = bottom - value * sy
        parts.append(
            f'<line x1="{LEFT}" y1="{y:.1f}" x2="{WIDTH - RIGHT}" y2="{y:.1f}" stroke="#ddd"/>'
            f'<text x="{LEFT - 4}" y="{y + 4:.1f}" text-anchor="end" font-size="11">{value}</text>'
        )
    step = max(1, -(-turns // 8))  # at most about eight turn numbers along the bottom
    for turn in range(0, turns + 1, step):
        x = LEFT + turn * sx
        parts.append(
            f'<text x="{x:.1f}" y="{HEIGHT - 6}" text-anchor="middle" font-size="11">{turn}</text>'
        )
    return parts
