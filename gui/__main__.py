"""`python -m gui` starts Escarmouche."""

import sys

from gui.cli import main

sys.exit(main())
