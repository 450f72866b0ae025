"""DeepDebug's Python side, run inside the user's pytest: the first run's report
(``deepdebug_pytest_plugin``) and the validation worker (``deepdebug_worker``).

Loaded from a PYTHONPATH entry, never installed. Every message it exchanges with the engine is
in ``wire``; the rules both entry points share in ``results`` (outcomes, frames) and
``workspace`` (user files, also for traceback text the engine reads: ``python -m deepdebug.locate``).
The code stays compatible with Python 3.8 through 3.13 and pytest 7 through 9.
"""
