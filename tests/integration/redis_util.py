"""A private redis-server for the fleet tests: a free 127.0.0.1 port, its own directory, no
persistence (--save ''), stopped by PID; and redis-cli against it."""

import os
import shutil
import signal
import subprocess
import tempfile
import time

from harness import free_port, pid_alive

START_TIMEOUT = 10.0


class RedisServer:
    def __init__(self, port=None):
        self.port = port or free_port()
        self.dir = tempfile.mkdtemp(prefix="rampart-redis-")
        self.proc = None

    @property
    def url(self):
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self):
        self.proc = subprocess.Popen(
            ["redis-server", "--bind", "127.0.0.1", "--port", str(self.port), "--save", "",
             "--appendonly", "no", "--dir", self.dir, "--logfile",
             os.path.join(self.dir, "redis.log")],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.cli("PING") == "PONG":
                return self
            time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"redis-server did not answer on port {self.port}")

    def stop(self):
        if self.proc is None:
            return
        if pid_alive(self.proc.pid):
            os.kill(self.proc.pid, signal.SIGCONT)  # in case a test paused it
            os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=10)
        self.proc = None

    def pause(self):
        os.kill(self.proc.pid, signal.SIGSTOP)

    def resume(self):
        os.kill(self.proc.pid, signal.SIGCONT)

    def cleanup(self):
        self.stop()
        shutil.rmtree(self.dir, ignore_errors=True)

    def cli(self, *args):
        p = subprocess.run(["redis-cli", "-h", "127.0.0.1", "-p", str(self.port), *args],
                           capture_output=True, text=True, timeout=10)
        return p.stdout.strip()

    def hget(self, key, field):
        return self.cli("HGET", key, field)

    def wait_for(self, key, field, value, timeout=10.0):
        """Polls until the field has `value` (the write-back runs after each response)."""
        deadline = time.monotonic() + timeout
        current = None
        while time.monotonic() < deadline:
            current = self.hget(key, field)
            if current == value:
                return current
            time.sleep(0.05)
        return current

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.cleanup()
        return False
