#!/usr/bin/env python3
"""CDK entry point: `cdk synth -c stage=dev` or `.venv/bin/python app.py` (see the README, "Deployment")."""

import sys
from pathlib import Path

# The route table and settings live in the shared layer's package, as on Lambda (/opt/python).
sys.path.insert(0, str(Path(__file__).resolve().parent / "layers" / "pageport" / "python"))

from infra.app import main

if __name__ == "__main__":
    main()
