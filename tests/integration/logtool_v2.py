"""Audit logs written by the real ModSecurity v2 (Debian's libapache2-mod-security2, installed by
scripts/setup.sh for comparison tests only), for the `rampart log` tests. mod_security2.so is
loaded into a private httpd (harness.Httpd without mod_rampart); nothing system-wide is touched.

    logs = write_v2_logs(tmpdir)   # {"serial-native": path, "serial-json": path,
                                   #  "concurrent-native": dir, "concurrent-json": dir}
"""

import http.client
import os
import re
import shutil
import time

import harness

MODSEC = "/usr/lib/apache2/modules/mod_security2.so"

RULES = """LoadModule security2_module %(modsec)s
SecRuleEngine On
SecRequestBodyAccess On
SecResponseBodyAccess On
SecAuditEngine On
SecAuditLogParts ABCEFHKZ
SecAuditLogType %(type)s
SecAuditLogFormat %(format)s
SecAuditLog "@ROOT@/logs/audit.log"
SecAuditLogStorageDir "@ROOT@/audit"
SecRule REQUEST_HEADERS:X-Scanner "@rx ." "id:1002,phase:1,deny,status:406,msg:'Scanner header',tag:'attack-reputation-scanner',severity:WARNING"
SecRule ARGS:surname "!@rx ^[a-z0-9._-]*$" "id:1000,phase:2,deny,msg:'Unexpected characters in surname',tag:'app/whitelist',tag:'attack-sqli',severity:CRITICAL"
SecRule ARGS:q "@contains evil" "id:1001,phase:2,pass,log,msg:'evil word',severity:NOTICE,tag:'probe'"
"""

# (source address, method, path, headers, body, expected status). 127.0.0.2 is "the attacker".
REQUESTS = [
    ("127.0.0.1", "GET", "/?q=hello", {}, None, 200),
    ("127.0.0.1", "GET", "/?q=evil&x=1", {}, None, 200),
    ("127.0.0.2", "POST", "/index.html", harness.FORM, "surname=Smith%27;--", 403),
    ("127.0.0.2", "GET", "/admin.php", {"X-Scanner": "nikto"}, None, 406),
    ("127.0.0.2", "POST", "/index.html", harness.FORM, "surname=<script>alert(1)</script>", 403),
    ("127.0.0.1", "GET", "/nothere", {}, None, 404),
]

MODES = {
    "serial-native": ("Serial", "Native"),
    "serial-json": ("Serial", "JSON"),
    "concurrent-native": ("Concurrent", "Native"),
    "concurrent-json": ("Concurrent", "JSON"),
}


def available():
    return os.path.isfile(MODSEC)


def send(h, source, method, path, headers, body):
    c = http.client.HTTPConnection("127.0.0.1", h.port, timeout=harness.REQUEST_TIMEOUT,
                                   source_address=(source, 0))
    try:
        return h.request(method, path, headers=headers, body=body, conn=c)[0]
    finally:
        c.close()


def entries_logged(path, log_type, log_format):
    """How many transactions the main audit log holds so far (Concurrent: index lines)."""
    try:
        with open(path, "rb") as f:
            text = f.read()
    except FileNotFoundError:
        return 0
    if log_type == "Serial" and log_format == "Native":
        return len(re.findall(rb"^--[0-9a-zA-Z]+-Z--$", text, re.M))
    return sum(1 for line in text.splitlines() if line.strip())


def send_all(h, name, log_type, log_format):
    """Sends REQUESTS one at a time. The engine writes an entry in the logging phase, after the
    client has its answer, so the next request could be logged first; waiting for each entry
    keeps the log in request order, which the tests rely on."""
    log = os.path.join(h.logs, "audit.log")
    for n, (source, method, path, headers, body, want) in enumerate(REQUESTS, 1):
        got = send(h, source, method, path, headers, body)
        if got != want:
            raise AssertionError(f"{name}: {method} {path} gave {got}, not {want}\n"
                                 + h.error_log())
        deadline = time.monotonic() + 5
        while entries_logged(log, log_type, log_format) < n:
            if time.monotonic() > deadline:
                raise AssertionError(f"{name}: entry {n} not in {log} after 5 s")
            time.sleep(0.02)


def write_v2_logs(dest, modes=MODES):
    """Runs REQUESTS through mod_security2 once per mode; copies what it wrote into dest."""
    out = {}
    for name, (log_type, log_format) in modes.items():
        h = harness.Httpd(config=RULES % {"modsec": MODSEC, "type": log_type,
                                          "format": log_format},
                          rampart=False, unique_id=True)
        os.makedirs(os.path.join(h.root, "audit"), exist_ok=True)
        with h:
            # Concurrent files are written by the children, which run as www-data.
            os.chmod(os.path.join(h.root, "audit"), 0o777)
            send_all(h, name, log_type, log_format)
            h.stop()  # flushes and closes the logs
            if log_type == "Serial":
                out[name] = shutil.copy(os.path.join(h.logs, "audit.log"),
                                        os.path.join(dest, name + ".log"))
            else:
                out[name] = shutil.copytree(os.path.join(h.root, "audit"),
                                            os.path.join(dest, name))
                shutil.copy(os.path.join(h.logs, "audit.log"),
                            os.path.join(dest, name + "-index.log"))
    return out
