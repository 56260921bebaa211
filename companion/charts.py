"""Small server-side SVG charts for a phone screen: lines over time (with an
optional band, e.g. a rating's uncertainty, and horizontal guides), bars and
stacked bars (negative parts to the left of zero).

Each chart is one <svg> with a viewBox, so it scales to the screen width; it
carries a <title>, labelled axes and a legend. Colours are presentation
attributes (the pages' CSP forbids inline style); fonts and sizes come from
static/stats.css through the classes used here. All text is escaped."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from markupsafe import Markup, escape

WIDTH = 360
# Okabe-Ito: tell-apart colours, also for colour-blind eyes.
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#D55E00", "#56B4E9", "#7F6A00",
           "#444444")
FONT = 11
LEGEND_ROW = 18


def colour(i: int) -> str:
    return PALETTE[i % len(PALETTE)]


@dataclass
class Series:
    label: str
    points: list[tuple[int, float]]          # (x index, y)
    colour: str = ""
    band: list[tuple[int, float, float]] = field(default_factory=list)  # (x index, low, high)


def nice_ticks(low: float, high: float, count: int = 5) -> list[float]:
    """Round tick values covering [low, high] (steps of 1, 2 or 5 x 10^k)."""
    if not math.isfinite(low) or not math.isfinite(high):
        return [0.0, 1.0]
    if high - low < 1e-9 * max(1.0, abs(low), abs(high)):
        low, high = low - 1, high + 1
    raw = (high - low) / max(count - 1, 1)
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)
    digits = max(0, 2 - math.floor(math.log10(step)))
    start = math.floor(low / step)
    ticks = [round((start + k) * step, digits) for k in range(count + 3)]
    ticks = ticks[:next(i for i, t in enumerate(ticks) if t >= high) + 1]
    return ticks


def _num(value: float) -> str:
    return f"{value:.0f}" if float(value).is_integer() else f"{value:.1f}"


def _text(x: float, y: float, text: str, cls: str = "", anchor: str = "start",
          extra: str = "") -> str:
    klass = f' class="{cls}"' if cls else ""
    return (f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}"{klass}{extra}>'
            f"{escape(text)}</text>")


def _svg(title: str, height: float, body: list[str], desc: str = "") -> Markup:
    return Markup(
        f'<svg class="chart" viewBox="0 0 {WIDTH} {height:.0f}" width="{WIDTH}" '
        f'height="{height:.0f}" role="img" xmlns="http://www.w3.org/2000/svg" '
        f'font-size="{FONT}"><title>{escape(title)}</title>'
        + (f"<desc>{escape(desc)}</desc>" if desc else "") + "".join(body) + "</svg>")


def _legend(entries: Sequence[tuple[str, str]], top: float, note: str = "") -> tuple[list[str], float]:
    """Swatches and labels in rows that wrap at the chart width."""
    out, x, y = ['<g class="legend">'], 8.0, top + 12
    for label, fill in entries:
        width = 16 + 6.2 * min(len(label), 18) + 12
        if x + width > WIDTH - 4 and x > 8:
            x, y = 8.0, y + LEGEND_ROW
        out.append(f'<rect x="{x:.1f}" y="{y - 9:.1f}" width="11" height="11" rx="2" '
                   f'fill="{fill}"/>')
        out.append(_text(x + 15, y, label[:18] + ("…" if len(label) > 18 else "")))
        x += width
    if note:
        y += LEGEND_ROW
        out.append(_text(8, y, note, "note"))
    out.append("</g>")
    return out, y + 8


def line_chart(title: str, x_labels: Sequence[str], series: Sequence[Series], *,
               y_label: str, x_label: str, guides: Sequence[tuple[float, str]] = (),
               note: str = "", height: int = 220) -> Markup:
    """Lines over an ordered x axis (periods, match numbers), optional
    shaded bands and labelled horizontal guides."""
    left, right, top, plot_h = 40.0, 10.0, 12.0, float(height) - 60
    ys = [y for s in series for _, y in s.points] + [v for s in series for _, lo, hi in s.band
                                                     for v in (lo, hi)]
    ys += [g for g, _ in guides]
    ticks = nice_ticks(min(ys, default=0), max(ys, default=1))
    lo, hi = ticks[0], ticks[-1]
    n = max(len(x_labels), 1)
    plot_w = WIDTH - left - right

    def px(i: float) -> float:
        return left + (plot_w * (i / (n - 1)) if n > 1 else plot_w / 2)

    def py(v: float) -> float:
        return top + plot_h - (v - lo) / (hi - lo) * plot_h

    body = ['<g class="axes">']
    for t in ticks:
        body.append(f'<line class="grid" x1="{left}" x2="{WIDTH - right}" y1="{py(t):.1f}" '
                    f'y2="{py(t):.1f}" stroke="#d9d2c3" stroke-width="0.6"/>')
        body.append(_text(left - 4, py(t) + 4, _num(t), anchor="end"))
    every = max(1, math.ceil(n / 6))
    for i, label in enumerate(x_labels):
        if i % every == 0 or i == n - 1 and (n - 1) % every >= every / 2:
            body.append(_text(px(i), top + plot_h + 14, label, anchor="middle"))
    body.append(_text(12, top + plot_h / 2, y_label, "axis-label", "middle",
                      f' transform="rotate(-90 12 {top + plot_h / 2:.1f})"'))
    body.append(_text(left + plot_w / 2, top + plot_h + 30, x_label, "axis-label", "middle"))
    body.append("</g>")
    for value, label in guides:
        body.append(f'<line x1="{left}" x2="{WIDTH - right}" y1="{py(value):.1f}" '
                    f'y2="{py(value):.1f}" stroke="#8a8070" stroke-dasharray="3 3" '
                    f'stroke-width="0.8"/>')
        body.append(_text(WIDTH - right - 2, py(value) - 3, label, "guide", "end"))
    for i, s in enumerate(series):
        fill = s.colour or colour(i)
        if s.band:
            upper = " ".join(f"{px(x):.1f},{py(h):.1f}" for x, _, h in s.band)
            lower = " ".join(f"{px(x):.1f},{py(lo_):.1f}" for x, lo_, _ in reversed(s.band))
            body.append(f'<polygon class="band" points="{upper} {lower}" fill="{fill}" '
                        f'fill-opacity="0.18" stroke="none"/>')
        if len(s.points) > 1:
            path = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in s.points)
            body.append(f'<polyline class="line" points="{path}" fill="none" stroke="{fill}" '
                        f'stroke-width="2" stroke-linejoin="round"/>')
        if len(s.points) <= 40:
            body += [f'<circle cx="{px(x):.1f}" cy="{py(y):.1f}" r="2.6" fill="{fill}"/>'
                     for x, y in s.points]
    legend, bottom = _legend([(s.label, s.colour or colour(i)) for i, s in enumerate(series)],
                             top + plot_h + 36, note)
    return _svg(title, bottom, body + legend, f"{y_label} by {x_label}")


def bar_chart(title: str, bars: Sequence[tuple[str, float, str]], *, value_label: str,
              fmt: str = "{:.0f}", max_value: float | None = None, note: str = "") -> Markup:
    """Horizontal bars, one per (label, value, text shown at the bar's end)."""
    left, right, top, row = 92.0, 44.0, 18.0, 24.0
    high = max_value if max_value is not None else max((v for _, v, _ in bars), default=1) or 1
    ticks = nice_ticks(0, high, 4)
    plot_w = WIDTH - left - right
    height = top + row * max(len(bars), 1) + 26
    scale = plot_w / (ticks[-1] or 1)
    body = [_text(left, 11, value_label, "axis-label")]
    for t in ticks:
        x = left + t * scale
        body.append(f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{top - 4}" y2="{height - 22}" '
                    f'stroke="#d9d2c3" stroke-width="0.6"/>')
        body.append(_text(x, height - 8, fmt.format(t), anchor="middle"))
    for i, (label, value, shown) in enumerate(bars):
        y = top + i * row
        body.append(_text(left - 6, y + 15, label[:14] + ("…" if len(label) > 14 else ""),
                          anchor="end"))
        body.append(f'<rect x="{left}" y="{y + 4:.1f}" width="{max(value * scale, 0):.1f}" '
                    f'height="{row - 8}" rx="3" fill="{colour(i)}"/>')
        body.append(_text(left + max(value * scale, 0) + 4, y + 15, shown, "value"))
    legend, bottom = ([], height) if not note else _legend([], height - 12, note)
    return _svg(title, bottom, body + legend, value_label)


def stacked_bars(title: str, rows: Sequence[tuple[str, Sequence[float]]],
                 segments: Sequence[str], *, value_label: str, note: str = "",
                 colours: Sequence[str] = ()) -> Markup:
    """One horizontal bar per row, split into segments (same order in every
    row); negative segments stack to the left of zero."""
    left, right, top, row = 92.0, 30.0, 18.0, 30.0

    def paint(i: int) -> str:
        return colours[i] if i < len(colours) else colour(i)

    lows = [sum(v for v in values if v < 0) for _, values in rows]
    highs = [sum(v for v in values if v > 0) for _, values in rows]
    ticks = nice_ticks(min(lows + [0]), max(highs + [1]), 5)
    lo, hi = ticks[0], ticks[-1]
    plot_w = WIDTH - left - right
    height = top + row * max(len(rows), 1) + 26

    def px(v: float) -> float:
        return left + (v - lo) / (hi - lo) * plot_w

    body = [_text(left, 11, value_label, "axis-label")]
    for t in ticks:
        body.append(f'<line x1="{px(t):.1f}" x2="{px(t):.1f}" y1="{top - 4}" '
                    f'y2="{height - 22}" stroke="{"#8a8070" if t == 0 else "#d9d2c3"}" '
                    f'stroke-width="{0.9 if t == 0 else 0.6}"/>')
        body.append(_text(px(t), height - 8, _num(t), anchor="middle"))
    for r, (label, values) in enumerate(rows):
        y = top + r * row
        body.append(_text(left - 6, y + 18, label[:14] + ("…" if len(label) > 14 else ""),
                          anchor="end"))
        pos = neg = 0.0
        for i, value in enumerate(values):
            if not value:
                continue
            start = pos if value > 0 else neg + value
            if value > 0:
                pos += value
            else:
                neg += value
            width = abs(value) / (hi - lo) * plot_w
            body.append(f'<rect x="{px(start):.1f}" y="{y + 5:.1f}" width="{width:.1f}" '
                        f'height="{row - 10}" fill="{paint(i)}" stroke="#fffdf8" '
                        f'stroke-width="0.8"><title>{escape(segments[i])}: {_num(value)}'
                        f"</title></rect>")
        body.append(_text(px(pos) + 3, y + 18, _num(sum(values)), "value"))
    legend, bottom = _legend([(s, paint(i)) for i, s in enumerate(segments)], height, note)
    return _svg(title, bottom, body + legend, value_label)
