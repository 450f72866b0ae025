"""Puts lib/ and checks/ on sys.path, so the tests import the code by its module name."""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
for folder in ["lib", "checks"]:
    sys.path.insert(0, os.path.join(HERE, folder))
