"""The first screen: the empty river park and "Ready".

``start(root)`` is the entry point the game screens replace: it receives the ``<main id="app">``
element, empty, and draws into it.
"""

from __future__ import annotations

from pyapp.rules.park import load_park

from .dom import clear, element, svg_element
from .parkview import TERRAIN_LABELS, draw_park


def park_svg(park, title: str):
    drawing = draw_park(park)
    svg = svg_element(
        "svg",
        {"class": "park", "viewBox": drawing.view_box_attr, "role": "img", "aria-label": title},
    )
    svg.appendChild(svg_element("title", text=title))
    for shape in drawing.hexes:
        polygon = svg_element(
            "polygon",
            {
                "class": f"hex {shape.style}",
                "points": shape.points,
                "data-q": shape.at[0],
                "data-r": shape.at[1],
                "data-kind": shape.kind,
            },
        )
        polygon.appendChild(svg_element("title", text=shape.label))
        svg.appendChild(polygon)
    for (x1, y1), (x2, y2) in drawing.river_links:
        svg.appendChild(
            svg_element(
                "line",
                {
                    "class": "river",
                    "x1": f"{x1:.3f}",
                    "y1": f"{y1:.3f}",
                    "x2": f"{x2:.3f}",
                    "y2": f"{y2:.3f}",
                },
            )
        )
    for shape in drawing.hexes:
        x, y = shape.centre
        if shape.waterfall:
            svg.appendChild(
                svg_element(
                    "circle",
                    {"class": "waterfall", "cx": f"{x:.3f}", "cy": f"{y:.3f}", "r": "0.28"},
                )
            )
        if shape.kind in ("geyser", "volcano"):
            svg.appendChild(
                svg_element(
                    "circle", {"class": "mark", "cx": f"{x:.3f}", "cy": f"{y:.3f}", "r": "0.22"}
                )
            )
    return svg


def legend():
    items = []
    for style, label in TERRAIN_LABELS.items():
        swatch = svg_element(
            "svg", {"class": "swatch", "viewBox": "0 0 1 1", "aria-hidden": "true"}
        )
        swatch.appendChild(
            svg_element("rect", {"class": f"hex {style}", "width": "1", "height": "1"})
        )
        items.append(element("li", children=[swatch, element("span", text=label)]))
    return element("ul", {"class": "legend"}, children=items)


def start(root) -> None:
    """Draw the first screen into ``root``."""
    clear(root)
    park = load_park("river")
    root.appendChild(element("h1", {"class": "app-title"}, text="Caldera Park"))
    root.appendChild(park_svg(park, "The river park, empty"))
    root.appendChild(legend())
    root.appendChild(element("p", {"class": "app-status", "id": "app-status"}, text="Ready"))
