"""The README's layout section and docs/architecture.md follow the tree: every
package under companion/ is named in both, every static/ and templates/
feature folder in the architecture page, and every module path the
architecture page names exists (so a move that forgets the docs fails here)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text()
LAYOUT = README[README.index("## Layout"):].split("\n## ", 1)[0]
ARCHITECTURE = (ROOT / "docs" / "architecture.md").read_text()
PACKAGES = sorted(p.parent.name for p in (ROOT / "companion").glob("*/__init__.py"))
FOLDERS = sorted({f"{top}/{p.name}" for top in ("static", "templates")
                  for p in (ROOT / top).iterdir() if p.is_dir()})


@pytest.mark.parametrize("package", PACKAGES)
def test_every_package_is_in_the_readme_and_the_architecture_page(package):
    assert f"companion/{package}/" in LAYOUT, f"README's layout section lacks companion/{package}/"
    assert f"  {package}/" in ARCHITECTURE, f"docs/architecture.md's tree lacks {package}/"


@pytest.mark.parametrize("folder", FOLDERS)
def test_every_feature_folder_of_the_pages_is_a_package_or_the_kit(folder):
    name = folder.split("/", 1)[1]
    assert name in PACKAGES or name in ("kit", "errors", "icons"), (
        f"{folder} is named after no feature package (companion/{name}/)")


def test_module_paths_in_the_architecture_page_exist():
    named = set(re.findall(r"`((?:companion/)?[a-z_]+/[a-z_/]+\.py)`", ARCHITECTURE))
    missing = []
    for path in named:
        candidates = [ROOT / path, ROOT / "companion" / path]
        if not any(c.exists() for c in candidates) and not path.startswith(
                ("api/", "pages/", "photo_pages/", "rooms/")):  # the "before" names, kept as history
            missing.append(path)
    assert named and not missing, f"docs/architecture.md names modules that do not exist: {missing}"
