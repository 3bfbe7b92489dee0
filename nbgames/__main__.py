"""``python -m nbgames``: the command line (see :mod:`nbgames.cli`)."""

import sys

from .cli import main

sys.exit(main())
