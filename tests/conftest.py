import os
import sys
from pathlib import Path

# The tiny test game is imported as a top-level package from tests/.
sys.path.insert(0, str(Path(__file__).parent))

# Bot levels with a time budget play their plans' futures in full here, so a decision pinned
# by a test is the same on any machine at any load (engine.core.levels.UNTIMED).
os.environ["MARQUEE_UNTIMED_BOTS"] = "1"
