"""Draw the app icons (home screen, manifest) into static/icons/: a canal
house over water on the app's blue. Run once after changing the design:
`.venv/bin/python scripts/make_icons.py`."""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

OUT = Path(__file__).resolve().parent.parent / "static" / "icons"
BLUE, LIGHT, CREAM, RED = (29, 78, 107), (47, 127, 166), (255, 253, 248), (200, 85, 43)


def icon(size: int, maskable: bool = False) -> Image.Image:
    img = Image.new("RGB", (size, size), BLUE)
    d = ImageDraw.Draw(img)
    s = size / 512
    pad = 0.12 if maskable else 0  # maskable icons keep the drawing in the safe circle
    k = s * (1 - 2 * pad)
    ox = oy = size * pad

    def p(x, y):
        return (ox + x * k, oy + y * k)

    # A gabled canal house.
    d.polygon([p(176, 120), p(256, 56), p(336, 120), p(336, 330), p(176, 330)], fill=CREAM)
    d.rectangle([p(236, 250), p(276, 330)], fill=RED)
    for x in (200, 290):
        for y in (150, 210):
            d.rectangle([p(x, y), p(x + 22, y + 30)], fill=BLUE)
    # Water with two waves.
    d.rectangle([p(0, 350), p(512, 512)], fill=LIGHT)
    for y in (390, 440):
        for x in range(-40, 512, 96):
            d.arc([p(x, y), p(x + 96, y + 40)], 200, 340, fill=CREAM, width=max(2, int(12 * k)))
    return img


if __name__ == "__main__":
    OUT.mkdir(parents=True, exist_ok=True)
    for size in (192, 512):
        icon(size).save(OUT / f"icon-{size}.png", optimize=True)
    icon(512, maskable=True).save(OUT / "icon-maskable-512.png", optimize=True)
    icon(180).save(OUT / "apple-touch-icon.png", optimize=True)
    print("wrote", ", ".join(sorted(p.name for p in OUT.glob("*.png"))))
