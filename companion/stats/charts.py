"""Small server-side SVG charts for a phone screen: lines over time (with an
optional band, e.g. a rating's uncertainty, and horizontal guides), bars and
stacked bars (negative parts to the left of zero).

Each chart is one <svg> with a viewBox, so it scales to the screen width; it
carries a <title>, labelled axes and a legend. Colours are presentation
attributes (the pages' CSP forbids inline style); fonts and sizes come from
static/stats/stats.css through the classes used here. All text is escaped."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from markupsafe import Markup, escape

WIDTH = 360
# Okabe-Ito: tell-apart colours, also for colour-blind eyes.
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#D55E00", "#56B4E9", "#7F6A00",
           "#444444")
FONT = 12
CHAR = 6.6          # a character's mean width at FONT, in viewBox units
TITLE_H = 24        # room for the visible title above every chart
LEGEND_ROW = 19
LABEL_CHARS = 13    # bar labels are cut to this many characters


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
    if start * step > low:  # low / step underflowed (a denormal low): one step further down
        start -= 1
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


def _wrap(text: str, width: float) -> list[str]:
    """Words in lines that fit `width` viewBox units."""
    most = max(int(width / CHAR), 8)
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= most:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def _cut(label: str, chars: int = LABEL_CHARS) -> str:
    return label if len(label) <= chars else label[:chars - 1] + "…"


def _svg(title: str, height: float, body: list[str], desc: str = "") -> Markup:
    """The chart with its title shown on top (and as <title> for screen readers)."""
    lines = _wrap(title, WIDTH - 8)[:2]
    head = "".join(_text(4, 15 + 16 * i, line, "chart-title", extra=' font-weight="700"')
                   for i, line in enumerate(lines))
    shift = TITLE_H + 16 * (len(lines) - 1)
    total = height + shift
    return Markup(
        f'<svg class="chart" viewBox="0 0 {WIDTH} {total:.0f}" width="{WIDTH}" '
        f'height="{total:.0f}" role="img" xmlns="http://www.w3.org/2000/svg" '
        f'font-size="{FONT}"><title>{escape(title)}</title>'
        + (f"<desc>{escape(desc)}</desc>" if desc else "") + head
        + f'<g transform="translate(0 {shift})">' + "".join(body) + "</g></svg>")


def _legend(entries: Sequence[tuple[str, str]], top: float, note: str = "") -> tuple[list[str], float]:
    """Swatches and labels in rows that wrap at the chart width."""
    out, x, y = ['<g class="legend">'], 8.0, top + 13
    for label, fill in entries:
        shown = _cut(label, 16)
        width = 16 + CHAR * len(shown) + 12
        if x + width > WIDTH - 4 and x > 8:
            x, y = 8.0, y + LEGEND_ROW
        out.append(f'<rect x="{x:.1f}" y="{y - 10:.1f}" width="12" height="12" rx="2" '
                   f'fill="{fill}"/>')
        out.append(_text(x + 16, y, shown))
        x += width
    if not entries:
        y -= LEGEND_ROW
    for line in _wrap(note, WIDTH - 16) if note else []:
        y += LEGEND_ROW - 3
        out.append(_text(8, y, line, "note"))
    out.append("</g>")
    return out, y + 8


def line_chart(title: str, x_labels: Sequence[str], series: Sequence[Series], *,
               y_label: str, x_label: str, guides: Sequence[tuple[float, str]] = (),
               note: str = "", height: int = 220) -> Markup:
    """Lines over an ordered x axis (periods, match numbers), optional
    shaded bands and labelled horizontal guides."""
    left, right, top, plot_h = 44.0, 12.0, 12.0, float(height) - 60
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
    body += [_text(x, top + plot_h + 15, label, anchor=anchor)
             for x, label, anchor in _x_labels(x_labels, px, plot_w)]
    body.append(_text(12, top + plot_h / 2, y_label, "axis-label", "middle",
                      f' transform="rotate(-90 12 {top + plot_h / 2:.1f})"'))
    body.append(_text(left + plot_w / 2, top + plot_h + 32, x_label, "axis-label", "middle"))
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
                             top + plot_h + 40, note)
    return _svg(title, bottom, body + legend, f"{y_label} by {x_label}")


def _x_labels(labels: Sequence[str], px, plot_w: float) -> list[tuple[float, str, str]]:
    """Which x labels to print so none overlap: evenly spaced, always the
    last one (right-aligned at the edge), dropping a neighbour it would touch."""
    n = len(labels)
    every = max(1, math.ceil(n * len(max(labels, key=len, default="")) * CHAR / plot_w / 0.8))
    picked: list[tuple[float, str, str, float, float]] = []
    for i, label in enumerate(labels):
        if i % every and i != n - 1:
            continue
        width = len(label) * CHAR
        x = px(i)
        if i == n - 1 and n > 1:
            anchor, x0, x1 = "end", x - width, x
        elif x - width / 2 < 0:
            anchor, x0, x1 = "start", x, x + width
        else:
            anchor, x0, x1 = "middle", x - width / 2, x + width / 2
        while picked and picked[-1][4] + 6 > x0:
            if i != n - 1:
                break
            picked.pop()
        if picked and picked[-1][4] + 6 > x0:
            continue
        picked.append((x, label, anchor, x0, x1))
    return [(x, label, anchor) for x, label, anchor, _, _ in picked]


def bar_chart(title: str, bars: Sequence[tuple[str, float, str]], *, value_label: str,
              fmt: str = "{:.0f}", max_value: float | None = None, note: str = "") -> Markup:
    """Horizontal bars, one per (label, value, text shown at the bar's end)."""
    left = 10 + CHAR * min(max((len(b[0]) for b in bars), default=4), LABEL_CHARS)
    right = 10 + CHAR * 1.15 * max((len(b[2]) for b in bars), default=2)  # bold text
    top, row = 20.0, 26.0
    high = max_value if max_value is not None else max((v for _, v, _ in bars), default=1) or 1
    ticks = nice_ticks(0, high, 4)
    plot_w = WIDTH - left - right
    height = top + row * max(len(bars), 1) + 26
    scale = plot_w / (ticks[-1] or 1)
    body = [_text(left, 11, value_label, "axis-label")]
    for t in ticks:
        if not fmt.format(t) or (fmt == "{:.0f}" and not float(t).is_integer()):
            continue  # counts: no "0, 0, 1" axis for a maximum of 1
        x = left + t * scale
        body.append(f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{top - 4}" y2="{height - 22}" '
                    f'stroke="#d9d2c3" stroke-width="0.6"/>')
        body.append(_text(x, height - 8, fmt.format(t), anchor="middle"))
    for i, (label, value, shown) in enumerate(bars):
        y = top + i * row
        body.append(_text(left - 6, y + 16, _cut(label), anchor="end"))
        body.append(f'<rect x="{left}" y="{y + 4:.1f}" width="{max(value * scale, 0):.1f}" '
                    f'height="{row - 8}" rx="3" fill="{colour(i)}"/>')
        body.append(_text(left + max(value * scale, 0) + 4, y + 16, shown, "value"))
    legend, bottom = ([], height) if not note else _legend([], height + 4, note)
    return _svg(title, bottom, body + legend, value_label)


def stacked_bars(title: str, rows: Sequence[tuple[str, Sequence[float]]],
                 segments: Sequence[str], *, value_label: str, note: str = "",
                 colours: Sequence[str] = (), totals: Sequence[str] = ()) -> Markup:
    """One horizontal bar per row, split into segments (same order in every
    row); negative segments stack to the left of zero. `totals`: the text
    at each bar's end (default: the sum)."""
    left = 10 + CHAR * min(max((len(r[0]) for r in rows), default=4), LABEL_CHARS)
    right, top, row = 36.0, 20.0, 32.0
    if totals:
        right = max(right, 10 + CHAR * 1.15 * max(len(t) for t in totals))

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
        body.append(_text(left - 6, y + 20, _cut(label), anchor="end"))
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
        shown = totals[r] if r < len(totals) else _num(sum(values))
        body.append(_text(px(pos) + 3, y + 20, shown, "value"))
    legend, bottom = _legend([(s, paint(i)) for i, s in enumerate(segments)], height, note)
    return _svg(title, bottom, body + legend, value_label)
