"""A private httpd for integration tests: its own ServerRoot in a temp dir, a free 127.0.0.1 port,
the MPM the test asks for and mod_rampart from $RAMPART_MODULE.

    with Httpd(config='SecRuleEngine On ...') as h:
        status, headers, body = h.request('GET', '/?a=1')
        assert 'Access denied' in h.error_log()

Python standard library only. Every wait is bounded in time; the server is stopped by the PID in
its PidFile (graceful stop, then SIGTERM, then SIGKILL, each after a timeout) however the test ends.
"""

import http.client
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import unittest
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

APACHE = "/usr/sbin/apache2"
MODULES = "/usr/lib/apache2/modules"
START_TIMEOUT = 15.0
STOP_TIMEOUT = 10.0
GRACEFUL_TIMEOUT = 5.0  # a little over GracefulShutdownTimeout below
REQUEST_TIMEOUT = 30.0

# CGI that answers with exactly the request body it received. It reads the whole body before
# writing: mod_cgi (prefork) writes all of stdin before reading stdout, so a streaming `cat`
# deadlocks once both pipes fill.
ECHO_CGI = """#!/usr/bin/python3
import sys
data = sys.stdin.buffer.read()
sys.stdout.buffer.write(b"Content-Type: application/octet-stream\\r\\n\\r\\n" + data)
"""


def module_path():
    path = os.environ.get("RAMPART_MODULE", "")
    if not path:
        raise unittest.SkipTest("RAMPART_MODULE is not set (run through ctest)")
    if not os.path.isfile(path):
        raise RuntimeError(f"RAMPART_MODULE={path} does not exist: build the mod_rampart target")
    return path


def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def port_answers(port):
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return True
    except OSError:
        return False


def pid_alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    # A zombie is gone for our purposes.
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(")")[-1].split()[0] != "Z"
    except OSError:
        return False


def httpd_environment(root):
    """The environment httpd runs in. In the sanitizer build (RAMPART_HTTPD_PRELOAD names the
    ASan runtime) the uninstrumented httpd must load that runtime first; a finding aborts the
    child (so the parent logs "exit signal", which crashes() reports) and its report goes to
    sanitizer/report.PID. Leak checking is off: httpd frees its pools at exit only in part."""
    env = dict(os.environ)
    preload = os.environ.get("RAMPART_HTTPD_PRELOAD")
    if preload:
        env["LD_PRELOAD"] = preload
        reports = os.path.join(root, "sanitizer")  # the children (www-data) must write here
        os.makedirs(reports, exist_ok=True)
        if os.geteuid() == 0:
            shutil.chown(reports, "www-data", "www-data")
        log = os.path.join(reports, "report")
        env["ASAN_OPTIONS"] = f"detect_leaks=0:abort_on_error=1:log_path={log}"
        # RAMPART_HTTPD_ASAN_OPTIONS adds to them, e.g. quarantine_size_mb=0 where a test reads
        # RSS (ASan keeps up to 256 MB of freed memory in quarantine by default).
        extra = os.environ.get("RAMPART_HTTPD_ASAN_OPTIONS")
        if extra:
            env["ASAN_OPTIONS"] += ":" + extra
        env["UBSAN_OPTIONS"] = f"abort_on_error=1:print_stacktrace=1:log_path={log}"
    return env


class HttpdError(Exception):
    """httpd refused to start; str(e) is its output (stderr and stdout)."""


class Httpd:
    """One private httpd. `config` is appended after the base configuration (main server);
    @PORT@ and @ROOT@ in it become the listening port and the ServerRoot."""

    def __init__(self, config="", mpm="event", cgi=False, proxy=False, unique_id=False,
                 rampart=True, files=None):
        if mpm not in ("event", "worker", "prefork"):
            raise ValueError(f"mpm must be event, worker or prefork, not {mpm!r}")
        self.mpm = mpm
        self.cgi = cgi
        self.proxy = proxy
        self.unique_id = unique_id
        self.module = module_path() if rampart else None
        self.extra = config
        self.root = tempfile.mkdtemp(prefix="rampart-httpd-")
        self.htdocs = os.path.join(self.root, "htdocs")
        self.cgi_bin = os.path.join(self.root, "cgi-bin")
        self.logs = os.path.join(self.root, "logs")
        self.conf_path = os.path.join(self.root, "conf", "httpd.conf")
        self.pid_file = os.path.join(self.logs, "httpd.pid")
        self.error_log_path = os.path.join(self.logs, "error_log")
        self.port = free_port()
        self.started = False
        for d in ("conf", "htdocs", "cgi-bin", "logs", "run"):
            os.makedirs(os.path.join(self.root, d), exist_ok=True)
        self.write_file("htdocs/index.html", "<html><body>hello</body></html>\n")
        self.write_file("cgi-bin/echo.cgi", ECHO_CGI, mode=0o755)
        for name, content in (files or {}).items():
            self.write_file(name, content)

    # ---- files and configuration ----

    def write_file(self, relpath, content, mode=0o644):
        path = os.path.join(self.root, relpath)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        data = content.encode() if isinstance(content, str) else content
        with open(path, "wb") as f:
            f.write(data)
        os.chmod(path, mode)
        return path

    def base_config(self):
        m = MODULES
        lines = [
            f'ServerRoot "{self.root}"',
            f"Listen 127.0.0.1:{self.port}",
            "ServerName 127.0.0.1",
            f"LoadModule mpm_{self.mpm}_module {m}/mod_mpm_{self.mpm}.so",
            f"LoadModule authz_core_module {m}/mod_authz_core.so",
            f"LoadModule mime_module {m}/mod_mime.so",
            f"LoadModule dir_module {m}/mod_dir.so",
            f"LoadModule alias_module {m}/mod_alias.so",
        ]
        if self.cgi:
            cgi = "cgi" if self.mpm == "prefork" else "cgid"
            lines.append(f"LoadModule {cgi}_module {m}/mod_{cgi}.so")
        if self.proxy:
            lines.append(f"LoadModule proxy_module {m}/mod_proxy.so")
            lines.append(f"LoadModule proxy_http_module {m}/mod_proxy_http.so")
        if self.unique_id:
            lines.append(f"LoadModule unique_id_module {m}/mod_unique_id.so")
        if self.module:
            lines.append(f"LoadModule rampart_module {self.module}")
        if os.geteuid() == 0:
            lines += ["User www-data", "Group www-data"]
        lines += [
            f'DefaultRuntimeDir "{self.root}/run"',
            f'PidFile "{self.pid_file}"',
            f'ErrorLog "{self.error_log_path}"',
            "LogLevel warn",
            f'LogFormat "%h %l %u %t \\"%r\\" %>s %b" common',
            f'CustomLog "{self.logs}/access_log" common',
            "TypesConfig /etc/mime.types",
            "AddType text/html .html",
            "AddType text/plain .txt",
            "Timeout 30",
            "KeepAlive On",
            "MaxKeepAliveRequests 100",
            "KeepAliveTimeout 5",
            "GracefulShutdownTimeout 3",
            f'DocumentRoot "{self.htdocs}"',
            "DirectoryIndex index.html",
            f'<Directory "{self.root}">',
            "    Require all granted",
            "</Directory>",
        ]
        if self.mpm == "prefork":
            lines += ["StartServers 2", "MinSpareServers 1", "MaxSpareServers 4",
                      "MaxRequestWorkers 20"]
        else:
            lines += ["StartServers 1", "ThreadsPerChild 10", "MinSpareThreads 5",
                      "MaxSpareThreads 20", "MaxRequestWorkers 20", "ThreadLimit 10",
                      "ServerLimit 2"]
        if self.cgi:
            lines += [
                f'ScriptAlias /cgi-bin/ "{self.cgi_bin}/"',
                f'ScriptSock "{self.root}/run/cgid.sock"' if self.mpm != "prefork" else "",
                f'<Directory "{self.cgi_bin}">',
                "    Options +ExecCGI",
                "</Directory>",
            ]
        return "\n".join(lines) + "\n"

    def write_config(self, extra):
        extra = extra.replace("@PORT@", str(self.port)).replace("@ROOT@", self.root)
        text = self.base_config() + "\n# ---- test configuration ----\n" + extra + "\n"
        with open(self.conf_path, "w") as f:
            f.write(text)
        self._make_readable()
        return self.conf_path

    def _make_readable(self):
        # The children run as www-data: the tree must be readable (and the dirs searchable).
        os.chmod(self.root, 0o755)
        for dirpath, dirnames, filenames in os.walk(self.root):
            for d in dirnames:
                os.chmod(os.path.join(dirpath, d), 0o755)
            for fn in filenames:
                p = os.path.join(dirpath, fn)
                if os.path.isfile(p) and not os.path.islink(p):
                    os.chmod(p, os.stat(p).st_mode | 0o444)

    # ---- lifecycle ----

    def configtest(self, conf_text=None):
        """Runs `apache2 -t` on the base config plus conf_text; returns (rc, output)."""
        path = self.write_config(self.extra if conf_text is None else conf_text)
        p = subprocess.run([APACHE, "-t", "-f", path], capture_output=True, text=True,
                           timeout=60, env=httpd_environment(self.root))
        return p.returncode, p.stdout + p.stderr

    def start(self):
        path = self.write_config(self.extra)
        p = subprocess.run([APACHE, "-f", path, "-k", "start"], capture_output=True, text=True,
                           timeout=60, env=httpd_environment(self.root))
        if p.returncode != 0:
            raise HttpdError(p.stdout + p.stderr)
        self.started = True
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if os.path.exists(self.pid_file) and port_answers(self.port):
                return self
            time.sleep(0.1)
        log = self.error_log()
        self.stop()
        raise HttpdError(f"httpd did not answer on port {self.port} within {START_TIMEOUT}s\n{log}")

    def pid(self):
        try:
            with open(self.pid_file) as f:
                return int(f.read().strip())
        except (OSError, ValueError):
            return None

    def stop(self):
        pid = self.pid()
        # Graceful stop (SIGWINCH) first: an immediate SIGTERM races with workers still closing
        # connections, and mpm_event then crashes now and again in its own shutdown code.
        for sig, timeout in ((signal.SIGWINCH, GRACEFUL_TIMEOUT), (signal.SIGTERM, STOP_TIMEOUT)):
            if pid is None or not pid_alive(pid):
                break
            os.kill(pid, sig)
            deadline = time.monotonic() + timeout
            while time.monotonic() < deadline and pid_alive(pid):
                time.sleep(0.05)
        if pid is not None and pid_alive(pid):
            os.kill(pid, signal.SIGKILL)
        self.started = False

    def crashes(self):
        """The parent's notices of children that died of a signal (segfault, abort), and the
        sanitizer build's reports (see httpd_environment)."""
        found = [line for line in self.error_log().splitlines() if "exit signal" in line]
        reports = os.path.join(self.root, "sanitizer")
        for name in sorted(os.listdir(reports)) if os.path.isdir(reports) else []:
            with open(os.path.join(reports, name), errors="replace") as f:
                found.append(f"{name}:\n{f.read(20000)}")
        return found

    def cleanup(self, check=True):
        """Stops the server, removes its root; raises when a child crashed meanwhile."""
        self.stop()
        crashes = self.crashes()
        if os.environ.get("RAMPART_KEEP_ROOT") or crashes:
            print(f"kept ServerRoot {self.root}", file=sys.stderr)
        else:
            shutil.rmtree(self.root, ignore_errors=True)
        if check and crashes:
            raise AssertionError("httpd children crashed:\n" + "\n".join(crashes))

    def __enter__(self):
        try:
            return self.start()
        except BaseException:
            self.cleanup(check=False)
            raise

    def __exit__(self, exc_type, *exc):
        self.cleanup(check=exc_type is None)
        return False

    # ---- requests and logs ----

    def connection(self):
        """A keep-alive connection for several requests in a row."""
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=REQUEST_TIMEOUT)

    def request(self, method, path, headers=None, body=None, conn=None):
        """Returns (status, headers with lower-case names, body bytes)."""
        own = conn is None
        c = conn or self.connection()
        try:
            c.request(method, path, body=body, headers=headers or {})
            resp = c.getresponse()
            data = resp.read()
            return resp.status, {k.lower(): v for k, v in resp.getheaders()}, data
        finally:
            if own:
                c.close()

    def error_log(self):
        try:
            with open(self.error_log_path, encoding="utf-8", errors="replace") as f:
                return f.read()
        except FileNotFoundError:
            return ""

    def line_of(self, needle):
        """The 1-based line of the written httpd.conf that contains needle."""
        with open(self.conf_path) as f:
            for n, line in enumerate(f, 1):
                if needle in line:
                    return n
        raise AssertionError(f"{needle!r} is not in {self.conf_path}")

    def log_lines(self, needle):
        return [line for line in self.error_log().splitlines() if needle in line]

    def wait_for_log(self, needle, count=1, timeout=5.0):
        """Waits until `needle` appears on at least `count` lines; returns those lines."""
        deadline = time.monotonic() + timeout
        lines = self.log_lines(needle)
        while len(lines) < count and time.monotonic() < deadline:
            time.sleep(0.05)
            lines = self.log_lines(needle)
        return lines


class EchoBackend:
    """A loopback HTTP server answering every request with its body (for mod_proxy tests)."""

    def __init__(self):
        handler = self._handler()
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @staticmethod
    def _handler():
        class Echo(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def _body(self):
                if "chunked" in self.headers.get("Transfer-Encoding", "").lower():
                    data = b""
                    for _ in range(1_000_000):  # bounded: at most that many chunks
                        size = int(self.rfile.readline().split(b";")[0].strip(), 16)
                        if size == 0:
                            self.rfile.readline()
                            break
                        data += self.rfile.read(size)
                        self.rfile.readline()
                    return data
                return self.rfile.read(int(self.headers.get("Content-Length", "0")))

            def _answer(self):
                data = self._body() if self.command == "POST" else b"backend " + self.path.encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/octet-stream")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            do_GET = do_POST = _answer

            def log_message(self, *args):
                pass

        return Echo

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=5)
        return False


def main():
    """Runs the calling test file's unittest cases; the exit code is non-zero on failure."""
    unittest.main(module="__main__", verbosity=2)


DENIED_RE = re.compile(r"ModSecurity: Access denied with code (\d{3})")

# The foundation's whitelist rule: surname may hold only [a-z0-9._-].
WHITELIST_RULES = """SecRuleEngine On
SecRequestBodyAccess On
SecRule ARGS:surname "!@rx ^[a-z0-9._-]*$" "id:1000,deny"
"""
FORM = {"Content-Type": "application/x-www-form-urlencoded"}
BAD_SURNAME = "Smith%27;--"
ID_1000 = '[id "1000"]'
DENY_403_P2 = "ModSecurity: Access denied with code 403 (phase 2)."
