import sys

from engine.cli import main
from engine.core.runtime import tune_gc

tune_gc()
sys.exit(main())
