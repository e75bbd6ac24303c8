"""A yes/no shared with worker processes that a killed worker can never leave locked.

``multiprocessing.Event`` guards its flag with a lock that every ``is_set()`` takes. A
worker killed (SIGKILL, the OOM killer) while it holds that lock holds it for ever, and
the next ``set()`` in the main process waits for ever: a tournament whose worker was
killed between two games hung instead of reporting it. A :class:`SharedFlag` is one
byte of shared memory, written by one side and read by the other, with no lock to hold.
"""

from __future__ import annotations

import time
from typing import Any

WAIT_STEP_S = 0.01
"""How often :meth:`SharedFlag.wait` looks (it is used for pauses, not for speed)."""


class SharedFlag:
    """A flag set and cleared by the main process and read by its workers (or the other
    way round); give it to a worker as it starts, as its arguments or initializer's."""

    def __init__(self, context: Any) -> None:
        """``context``: the :mod:`multiprocessing` context the workers are started with."""
        self._value = context.RawValue("b", 0)

    def set(self) -> None:
        self._value.value = 1

    def clear(self) -> None:
        self._value.value = 0

    def is_set(self) -> bool:
        return bool(self._value.value)

    def wait(self, timeout: float) -> bool:
        """Whether the flag is set, looking until it is or ``timeout`` seconds have passed."""
        deadline = time.monotonic() + timeout
        while not self._value.value:
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            time.sleep(min(WAIT_STEP_S, left))
        return True
