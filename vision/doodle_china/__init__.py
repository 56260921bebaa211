"""Doodle China score sheets: print them, photograph them, read them.

- sheet.py: the printable sheet (A4, 150 dpi) and its geometry (vision.md)
- qr.py: the QR payload naming game, edition, layout, player and match
- locate.py: markers / outline, homography, flattening, ink map
- cells.py: which path is drawn in each cell; marks.py: crosses and loops
- ocr.py: tesseract for the title and score values when the QR code is torn
- reader.py: `read(data, edition=None, **options)`, the read-photo answer
- synth.py + pencil.py: realistic photos of finished sheets with their truth
  (fixtures and bench/read_photo.py); compare.py scores a reading against it.
  Stroke styles and the pad-style sheets are test data in tests/support/
  (doodle_styles.py, pad_sheet.py), never imported here
- template.py + template_parts.py: teach a sheet the project did not print
  (the pad from the box) from one photo of a blank: grid, tracks (tesseract),
  trees, houses, floors; template_read.py reads photos through a template
  (ORB + RANSAC, ECC); template_constants.py their thresholds
- constants.py: every threshold in one place
"""
