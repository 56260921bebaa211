#!/usr/bin/env bash
# Set up everything Canal Companion needs on a Debian machine, idempotently:
# Debian packages (tesseract-ocr, chromium for browser tests), a virtualenv in
# .venv with the project and its test tools, and the instance/ folder.
set -euo pipefail
cd "$(dirname "$0")/.."

APT_PACKAGES=(tesseract-ocr tesseract-ocr-eng chromium fonts-dejavu-core)
PYTHON=${PYTHON:-python3}

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

missing=()
for pkg in "${APT_PACKAGES[@]}"; do
  dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
done
if ! "$PYTHON" -c 'import venv, ensurepip' >/dev/null 2>&1; then
  missing+=(python3-venv)
fi
if [ ${#missing[@]} -gt 0 ]; then
  echo "==> Installing Debian packages: ${missing[*]}"
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

stamp=.venv/.installed-$(cat pyproject.toml scripts/constraints.txt | sha256sum | cut -c1-16)
if [ ! -f "$stamp" ]; then
  echo "==> Creating .venv and installing Python packages"
  [ -x .venv/bin/python ] || "$PYTHON" -m venv .venv
  # Exact versions from scripts/constraints.txt: a new OpenCV release changed
  # a photo's answer once, so a clean clone installs what the tests passed on.
  # (pip's notes about this machine's optional local mirrors are noise: filtered)
  .venv/bin/python -m pip install -q --disable-pip-version-check --upgrade pip 2>&1 | grep -v '^WARNING: Location' || true
  .venv/bin/python -m pip install -q --disable-pip-version-check -c scripts/constraints.txt -e '.[test]' 2>&1 | grep -v '^WARNING: Location' || true
  .venv/bin/python -c 'import companion, vision, flask, cv2, playwright' \
    || { echo "error: the Python packages did not install (see above)"; exit 1; }
  rm -f .venv/.installed-*
  touch "$stamp"
fi
mkdir -p instance
