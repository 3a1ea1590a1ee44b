"""Resident memory and open file descriptors of an httpd parent and its children, sampled every
few seconds from /proc while a load runs (bench/soak.py, bench/graceful_load.py)."""

import os
import threading
import time

import rss_util  # tests/integration: rss_bytes(pid), children(parent)


def fd_count(pid):
    try:
        return len(os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        return None


def snapshot(parent):
    """{pid: (rss bytes, fds)} for the parent and every child alive now."""
    out = {}
    for pid in [parent] + rss_util.children(parent):
        rss, fds = rss_util.rss_bytes(pid), fd_count(pid)
        if rss is not None and fds is not None:
            out[pid] = (rss, fds)
    return out


class Sampler(threading.Thread):
    """Samples every `interval` seconds until stop(); `samples` is [(seconds since start,
    snapshot)]. Bounded by `limit` seconds even if nobody calls stop()."""

    def __init__(self, parent, interval, limit):
        super().__init__(daemon=True)
        self.parent, self.interval, self.limit = parent, interval, limit
        self.samples = []
        self.done = threading.Event()

    def run(self):
        begin = time.monotonic()
        while not self.done.is_set() and time.monotonic() - begin < self.limit:
            self.samples.append((time.monotonic() - begin, snapshot(self.parent)))
            self.done.wait(self.interval)

    def stop(self):
        self.done.set()
        self.join(timeout=10)

    def series(self, pid):
        """[(t, rss, fds)] of one process, over the samples where it was alive."""
        return [(t, snap[pid][0], snap[pid][1]) for t, snap in self.samples if pid in snap]
