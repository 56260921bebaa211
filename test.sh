#!/usr/bin/env bash
# Set everything up, then run the linter and the whole test suite (browser and OCR tests included).
set -euo pipefail
cd "$(dirname "$0")"
scripts/setup.sh
.venv/bin/ruff check .
exec .venv/bin/python -m pytest "$@"
