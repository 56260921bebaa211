"""The QR code of a dim or blurred photo: the plain detector finds it but
cannot decode it, the ArUco-based one can (qr.read_qr's last attempt; dev
649050: the sheet's match lost, 649086: read from the title instead)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.doodle_china.qr import make_payload, qr_modules, read_qr

TEXT = make_payload("doodle-china", "shanghai", "shanghai-v1", match="492")


def _photographed(module_px: float, blur: float, paper: int, ink: int) -> np.ndarray:
    """TEXT's code at `module_px` pixels a module, with 30 pixels of paper
    around it, grey levels `paper` and `ink`, blurred by `blur` pixels."""
    modules = qr_modules(TEXT)
    side = int(round(modules.shape[0] * module_px))
    image = cv2.resize(np.where(modules, 0, 255).astype(np.uint8), (side, side), interpolation=cv2.INTER_AREA)
    image = cv2.copyMakeBorder(image, 30, 30, 30, 30, cv2.BORDER_CONSTANT, value=255).astype(np.float32)
    image = cv2.GaussianBlur(ink + (paper - ink) * image / 255, (0, 0), blur)
    return np.clip(image, 0, 255).astype(np.uint8)


@pytest.mark.parametrize("module_px,blur,paper,ink", [
    (6.0, 2.0, 65, 5),  # base: None (a dim photo, as dev 649050's crop: paper 55-69)
    (6.0, 2.0, 95, 30),  # base: None
    (7.45, 1.2, 65, 5),  # read on base too
    (6.0, 1.2, 200, 40),  # read on base too
], ids=["dim-blurred", "grey-blurred", "dim-sharper", "bright"])
def test_a_blurred_code_is_read(module_px, blur, paper, ink):
    assert read_qr(_photographed(module_px, blur, paper, ink)) == TEXT


@pytest.mark.parametrize("module_px,blur", [(5.5, 2.3), (4.0, 3.0)], ids=["too-blurred", "far-too-blurred"])
def test_a_code_blurred_past_reading_is_none(module_px, blur):
    assert read_qr(_photographed(module_px, blur, 95, 30)) is None
