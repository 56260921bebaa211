"""Doodle China score sheets: print them, photograph them, read them.

- sheet.py: the printable sheet (A4, 150 dpi) and its geometry (vision.md)
- qr.py: the QR payload naming game, edition, layout, player and match
- locate.py: markers / outline, homography, flattening, ink map
- cells.py: which path is drawn in each cell; marks.py: crosses and loops;
  floors.py: skyscraper floor boxes a road runs over
- ocr.py: tesseract for the title and score values when the QR code is torn
- reader.py: `read(data, edition=None, **options)`, the read-photo answer;
  read_marks.py: the marks on a flattened sheet (ours or a template's)
- layouts are the caller's data (`layouts=`, the layouts API's shape): this
  package imports nothing from `companion` (tests/vision/test_vision_imports.py)
- the photo generator is test data in tests/support/, never imported here:
  doodle_photos.py + doodle_pencil.py (photos of finished sheets with their
  truth), doodle_styles.py (stroke styles), pad_sheet.py (pad-style sheets),
  doodle_compare.py / pad_compare.py (a reading against the truth)
- template.py: teach a sheet the project did not print (the pad from the
  box) from one photo of a blank; template_grid.py finds its grid by the
  printed lines, template_parts.py its track boxes, trees, houses and floors,
  template_values.py reads the printed values (tesseract);
  template_register.py registers a photo to a template (ORB + RANSAC, ECC),
  template_read.py reads photos through it;
  template_constants.py their thresholds
- constants.py: every threshold in one place
"""
