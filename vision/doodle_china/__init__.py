"""Doodle China score sheets: print them, photograph them, read them.

- sheet.py: the printable sheet (A4, 150 dpi) and its geometry (vision.md)
- qr.py: the QR payload naming game, edition, layout, player and match
- locate.py: markers / outline, homography, flattening, ink map
- cells.py: which path is drawn in each cell; marks.py: crosses and loops
- ocr.py: tesseract for the title and score values when the QR code is torn
- reader.py: `read(data, edition=None, **options)`, the read-photo answer
- synth.py + pencil.py: realistic photos of finished sheets with their truth
  (fixtures and bench/read_photo.py); compare.py scores a reading against it
- constants.py: every threshold in one place
"""
