"""Helpers for the persistent-collection tests: a SecDataDir the httpd children can write, and
the `rampart collections` command-line tool."""

import json
import os
import pwd
import subprocess


def make_data_dir(httpd):
    """A fresh SecDataDir inside the server root, owned by the user the children run as."""
    path = os.path.join(httpd.root, "data")
    os.makedirs(path, exist_ok=True)
    if os.geteuid() == 0:
        user = pwd.getpwnam("www-data")
        os.chown(path, user.pw_uid, user.pw_gid)
    return path


def cli(*args, data_dir):
    """Runs `rampart collections --data-dir DIR ARGS...`; returns (exit code, stdout, stderr)."""
    tool = os.environ.get("RAMPART_CLI", "")
    p = subprocess.run([tool, "collections", "--data-dir", data_dir, *args],
                       capture_output=True, text=True, timeout=30)
    return p.returncode, p.stdout, p.stderr


def dump(data_dir):
    rc, out, err = cli("dump", data_dir=data_dir)
    if rc != 0:
        raise AssertionError(f"rampart collections dump failed: {err}")
    return json.loads(out)


def variable(data_dir, collection, key, name):
    """One variable of one stored record, or None."""
    for record in dump(data_dir):
        if record["collection"] == collection and record["key"] == key:
            return record["variables"].get(name)
    return None
