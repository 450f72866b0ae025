"""Puts this folder on sys.path, so the tests import the linked package wherever pytest starts."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
