"""Ctrl-C and SIGTERM in a lab run: raised at once in-process, held for a safe point
while a worker pool is being driven."""

from __future__ import annotations

import os
import signal

import pytest

from boardbots.sim import stopping


def test_sigterm_raises_terminated_inside_the_block_only() -> None:
    before = signal.getsignal(signal.SIGTERM)
    with stopping.stop_on_signals(), pytest.raises(stopping.Terminated):
        os.kill(os.getpid(), signal.SIGTERM)
    assert signal.getsignal(signal.SIGTERM) is before


def test_a_deferred_signal_waits_for_check() -> None:
    with stopping.stop_on_signals(), stopping.deferred():
        os.kill(os.getpid(), signal.SIGINT)
        with pytest.raises(KeyboardInterrupt) as caught:
            stopping.check()
        assert not isinstance(caught.value, stopping.Terminated)
        stopping.check()  # raised once, then forgotten
