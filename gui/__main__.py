"""`python -m gui` starts Escarmouche."""

import sys

from gui.boot.cli import main

sys.exit(main())
