"""``python -m witness.cli``: the ``witness`` command."""

import sys

from witness.cli import main

sys.exit(main())
