"""Run the ``tonk`` command line: ``python -m tonk``."""

import sys

from tonk.cli import main

sys.exit(main())
