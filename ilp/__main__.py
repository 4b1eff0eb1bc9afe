"""``python -m ilp``: the ``ilp`` command (:mod:`ilp.cli`)."""

import sys

from ilp.cli import main

sys.exit(main())
