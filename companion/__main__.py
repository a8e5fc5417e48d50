"""``python -m companion``: the same command as ``companion`` (companion/cli.py)."""

import sys

from companion.cli import main

sys.exit(main())
