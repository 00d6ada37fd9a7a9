"""``python -m pokerforge``: the same as the ``pokerforge`` command."""

import sys

from pokerforge.cli import main

sys.exit(main())
