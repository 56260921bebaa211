"""The photo worker's time limit is CPU time, not the wall clock: a read that
waits for a busy machine's cores is not cut, one that works too long is (the
kernel's RLIMIT_CPU), and the phone is told it took too long."""

from __future__ import annotations

import multiprocessing
import signal
import time

import pytest

from companion import photos
from companion.photos.worker import limit_process


def _spin_under_a_one_second_limit() -> None:
    limit_process(2 * 1024 ** 3, cpu_seconds=1)
    stop = time.monotonic() + 100  # a bound for a broken limit; SIGXCPU comes first
    while time.monotonic() < stop:
        pass


def _sleep_under_a_one_second_limit() -> None:
    limit_process(2 * 1024 ** 3, cpu_seconds=1)
    time.sleep(3)  # waiting costs no CPU: not cut


def _run(target) -> int | None:
    proc = multiprocessing.get_context("fork").Process(target=target)
    proc.start()
    proc.join(150)
    if proc.is_alive():
        proc.kill()
        proc.join()
    return proc.exitcode


def test_a_worker_that_works_past_its_cpu_limit_is_ended():
    assert _run(_spin_under_a_one_second_limit) == -signal.SIGXCPU


def test_a_worker_that_waits_past_its_cpu_limit_is_not():
    assert _run(_sleep_under_a_one_second_limit) == 0


@pytest.mark.parametrize("exitcode,status,words", [
    (-signal.SIGXCPU, 422, "took too long"),
    (-signal.SIGKILL, 413, "too much memory"),
    (1, 422, "could not be read"),
], ids=["cpu-limit", "killed", "failed"])
def test_a_worker_that_ended_without_an_answer_is_explained(exitcode, status, words):
    error = photos.worker_died(exitcode)
    assert error.status == status and words in error.message
