import sys
from pathlib import Path

# The tiny test game is imported as a top-level package from tests/.
sys.path.insert(0, str(Path(__file__).parent))
