"""The SVG chart module: well-formed, fits its viewBox, says what it shows,
escapes names, copes with empty and negative data."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.stats import charts

NS = {"s": "http://www.w3.org/2000/svg"}


def parse(svg) -> ET.Element:
    root = ET.fromstring(str(svg))
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    return root


def texts(root: ET.Element) -> list[str]:
    return [t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text")]


def inside(root: ET.Element) -> None:
    """Every drawn x stays within the viewBox width (nothing overflows a phone)."""
    _, _, width, height = map(float, root.get("viewBox").split())
    assert width == charts.WIDTH
    for el in root.iter():
        for attr in ("x", "cx", "x1", "x2"):
            if el.get(attr) is not None:
                assert -0.5 <= float(el.get(attr)) <= width + 0.5, (el.tag, attr, el.get(attr))
        if el.get("width") is not None and el.tag.endswith("rect"):
            assert float(el.get("x")) + float(el.get("width")) <= width + 0.5
        for attr in ("y", "cy", "y1", "y2"):
            if el.get(attr) is not None:
                assert -0.5 <= float(el.get(attr)) <= height + 0.5, (el.tag, attr, el.get(attr))


@given(st.floats(-1e4, 1e4), st.floats(0, 1e4))
def test_nice_ticks_cover_the_range(low, span):
    ticks = charts.nice_ticks(low, low + span)
    assert ticks[0] <= low and ticks[-1] >= low + span
    assert len(ticks) <= 12
    steps = [b - a for a, b in zip(ticks, ticks[1:], strict=False)]
    assert all(math.isclose(step, steps[0], rel_tol=1e-3) for step in steps)


def test_line_chart_has_axes_legend_band_and_guides():
    series = [charts.Series("Ana", [(0, 10), (1, 14), (2, 12)],
                            band=[(0, 6, 14), (1, 10, 18), (2, 9, 15)]),
              charts.Series("Ben <b>", [(1, 8), (2, 20)])]
    svg = charts.line_chart("Score over time", ["2024-01", "2024-02", "2024-03"], series,
                            y_label="mean score", x_label="month", guides=[(15, "Tenant")])
    root = parse(svg)
    inside(root)
    words = texts(root)
    assert {"mean score", "month", "Ana", "Ben <b>", "Tenant", "2024-01"} <= set(words)
    assert "<b>" not in str(svg).replace("&lt;b&gt;", "")  # escaped, never markup
    assert len(root.findall(".//s:polyline", NS)) == 2
    assert len(root.findall(".//s:polygon", NS)) == 1
    assert root.find("s:title", NS).text == "Score over time"


def test_line_chart_with_one_point_and_no_series():
    one = parse(charts.line_chart("t", ["2024"], [charts.Series("Ana", [(0, 3)])],
                                  y_label="y", x_label="x"))
    inside(one)
    assert len(one.findall(".//s:circle", NS)) == 1
    inside(parse(charts.line_chart("t", [], [], y_label="y", x_label="x")))


def test_many_labels_are_thinned_out():
    labels = [f"2024-{m:02d}" for m in range(1, 13)] + [f"2025-{m:02d}" for m in range(1, 13)]
    root = parse(charts.line_chart("t", labels, [charts.Series("A", list(enumerate(range(24))))],
                                   y_label="y", x_label="month"))
    shown = [t for t in texts(root) if t.startswith("202")]
    assert 3 <= len(shown) <= 7


def test_bar_chart_labels_values_and_axis():
    root = parse(charts.bar_chart("Wins", [("Ana", 6, "6 (86%)"), ("Benedict Cumberbatch", 2, "2")],
                                  value_label="wins"))
    inside(root)
    words = texts(root)
    assert "wins" in words and "6 (86%)" in words and "Benedict Cum…" in words and "Wins" in words
    bars = [r for r in root.iter("{http://www.w3.org/2000/svg}rect")]
    assert float(bars[0].get("width")) > float(bars[1].get("width")) > 0


def test_a_count_axis_shows_whole_numbers_once():
    """A bar chart of counts up to 1 (one match at a place) is labelled 0 and
    1, not 0, 0, 1 (the 0.5 tick printed as a whole number)."""
    root = parse(charts.bar_chart("Won", [("Four of one", 1, "1"), ("Six districts", 0, "0")],
                                  value_label="matches"))
    axis = [t for t in texts(root) if t in ("0", "0.5", "1")]
    assert axis.count("0") <= 2 and "0.5" not in axis  # the tick 0 and the bar value 0
    assert len([t for t in texts(root) if t == "1"]) == 2  # the tick 1 and the bar value 1


@pytest.mark.parametrize("rows", [
    [("All", [3.0, 1.7, 1.1, 0.0]), ("Winners", [4.0, 2.4, 1.6, 0.0])],
    [("All", [20.0, 10.0, -4.0]), ("Winners", [25.0, 12.0, 4.0])],
    [("Nobody", [0.0, 0.0])],
])
def test_stacked_bars_with_negative_parts(rows):
    segments = ["a", "b", "c", "d"][: len(rows[0][1])]
    root = parse(charts.stacked_bars("Parts", rows, segments, value_label="points per play"))
    inside(root)
    assert set(segments) <= set(texts(root)) and "points per play" in texts(root)
    rects = [r for r in root.iter("{http://www.w3.org/2000/svg}rect") if r.find(
        "{http://www.w3.org/2000/svg}title") is not None]
    assert len(rects) == sum(1 for _, values in rows for v in values if v)


@pytest.mark.parametrize("n", [1, 2, 5, 6, 7, 13, 24, 40])
@pytest.mark.parametrize("label", ["2024", "2024-Q1", "2024-02-11"])
def test_x_labels_never_overlap_and_keep_the_last(n, label):
    plot_w, left = 300.0, 44.0

    def px(i: float) -> float:
        return left + (plot_w * i / (n - 1) if n > 1 else plot_w / 2)

    shown = charts._x_labels([f"{label}#{i}"[: len(label)] for i in range(n)], px, plot_w)
    spans = []
    for x, text, anchor in shown:
        width = len(text) * charts.CHAR
        x0 = {"start": x, "middle": x - width / 2, "end": x - width}[anchor]
        spans.append((x0, x0 + width))
    assert all(a[1] <= b[0] for a, b in zip(spans, spans[1:], strict=False))
    assert all(0 <= x0 and x1 <= left + plot_w + 0.1 for x0, x1 in spans)
    assert shown[-1][0] == px(n - 1)
