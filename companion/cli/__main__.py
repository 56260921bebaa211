"""`python -m companion.cli` runs the same command as `companion`."""

from . import main

main()
