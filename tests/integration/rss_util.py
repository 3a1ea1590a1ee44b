"""Resident memory of httpd children, sampled while a test sends a large body: the tests that
check bodies stream to disk (RSS stays flat) share these."""

import glob
import threading
import time

JOIN_TIMEOUT = 10.0  # seconds stop() waits for the sampler


def rss_bytes(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return None


def children(parent):
    """The httpd children (workers, cgid daemon): the processes whose parent is `parent`."""
    out = []
    for path in glob.glob("/proc/[0-9]*/stat"):
        try:
            with open(path) as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == parent:
            out.append(int(path.split("/")[2]))
    return out


class RssSampler(threading.Thread):
    """Samples the RSS of the given processes every 20 ms until stop() (at most `limit` s)."""

    def __init__(self, pids, limit=60.0):
        super().__init__(daemon=True)
        self.pids = pids
        self.baseline = {pid: rss_bytes(pid) or 0 for pid in pids}
        self.peak = dict(self.baseline)
        self.done = threading.Event()
        self.limit = limit

    def run(self):
        deadline = time.monotonic() + self.limit
        while not self.done.is_set() and time.monotonic() < deadline:
            for pid in self.pids:
                self.peak[pid] = max(self.peak[pid], rss_bytes(pid) or 0)
            time.sleep(0.02)

    def stop(self):
        self.done.set()
        self.join(timeout=JOIN_TIMEOUT)
