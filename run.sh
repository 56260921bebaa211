#!/usr/bin/env bash
# Set everything up, then start the app on 0.0.0.0:5000 (pass serve options, e.g. --port 8000).
set -euo pipefail
cd "$(dirname "$0")"
scripts/setup.sh
exec .venv/bin/companion serve --host 0.0.0.0 "$@"
