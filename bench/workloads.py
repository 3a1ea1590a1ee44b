"""The request mixes of bench/httpd_bench.py: each workload is a path plus, for those wrk cannot
send from its command line, a generated wrk Lua script. Bodies are deterministic (no random
data), so every configuration and every round sees exactly the same bytes.
"""

import json
import os

LOREM = ("lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor "
         "incididunt ut labore et dolore magna aliqua ut enim ad minim veniam quis nostrud ")

# 20 request headers as a current browser sends them (Host is added by wrk itself).
BROWSER_HEADERS = [
    ("User-Agent", "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0"),
    ("Accept", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"),
    ("Accept-Language", "en-US,en;q=0.5"),
    ("Accept-Encoding", "gzip, deflate, br"),
    ("Referer", "http://127.0.0.1/catalog/list.html?page=2"),
    ("Cookie", "session=6f1d2c3b4a5e6f708192a3b4c5d6e7f8; theme=dark; lang=en; "
               "cart=3; consent=analytics.marketing; last_visit=1733230000"),
    ("Connection", "keep-alive"),
    ("Upgrade-Insecure-Requests", "1"),
    ("Sec-Fetch-Dest", "document"),
    ("Sec-Fetch-Mode", "navigate"),
    ("Sec-Fetch-Site", "same-origin"),
    ("Sec-Fetch-User", "?1"),
    ("Priority", "u=0, i"),
    ("Cache-Control", "max-age=0"),
    ("DNT", "1"),
    ("Sec-GPC", "1"),
    ("If-None-Match", '"5e-61a2b3c4d5e6f"'),
    ("If-Modified-Since", "Mon, 02 Dec 2024 10:00:00 GMT"),
    ("X-Requested-With", "XMLHttpRequest"),
    ("Pragma", "no-cache"),
]


def form_1k():
    fields = [f"field{i}={LOREM[:80].replace(' ', '+')}" for i in range(11)]
    return "&".join(fields)[:1024].rstrip("+&")


def json_4k_nested():
    def node(depth, i):
        if depth == 0:
            return {"id": i, "label": f"item {i}", "active": i % 2 == 0}
        return {"name": f"group {depth}-{i}", "children": [node(depth - 1, j) for j in range(3)]}
    doc = {"customer": {"name": "Alice Example", "email": "alice@example.com"},
           "order": node(3, 0)}
    text = json.dumps(doc)
    while len(text) < 4096:  # pad with notes until the body is 4 KB
        doc.setdefault("notes", []).append(LOREM[:60])
        text = json.dumps(doc)
    return text


def json_1m():
    # Few arguments with long values: a large document that stays under SecArgumentsLimit (1000).
    text = LOREM * 50  # about 4 KB per value
    items = [{"id": i, "title": f"article {i}", "body": text} for i in range(250)]
    return json.dumps({"articles": items})


def multipart_16k():
    boundary = "----RampartBenchBoundary7MA4YWxkTrZu0gW"
    file_data = (LOREM * 200)[:15 * 1024]
    parts = [
        f'--{boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nquarterly report\r\n',
        f'--{boundary}\r\nContent-Disposition: form-data; name="author"\r\n\r\nalice\r\n',
        f'--{boundary}\r\nContent-Disposition: form-data; name="upload"; filename="report.txt"\r\n'
        f"Content-Type: text/plain\r\n\r\n{file_data}\r\n",
        f"--{boundary}--\r\n",
    ]
    return "".join(parts), f"multipart/form-data; boundary={boundary}"


def response_page():
    """A 64 KB HTML page: CRS's RESPONSE-95x rules inspect it (text/html is inspected)."""
    para = f"<p>{LOREM}</p>\n"
    return "<html><head><title>catalog</title></head><body>\n" + para * (64 * 1024 // len(para)) \
        + "</body></html>\n"


def lua_post(body_path, content_type):
    return (f'local f = assert(io.open("{body_path}", "rb"))\n'
            "wrk.method = \"POST\"\n"
            "wrk.body = f:read(\"*a\")\n"
            "f:close()\n"
            f'wrk.headers["Content-Type"] = "{content_type}"\n')


def lua_headers(headers):
    lines = [f'wrk.headers["{k}"] = {json.dumps(v)}\n' for k, v in headers]
    return "".join(lines)


class Workload:
    def __init__(self, name, path, expect, script=None, body=None, content_type=None,
                 headers=None):
        self.name, self.path, self.expect = name, path, expect
        self.script = script  # wrk Lua script path, or None
        self.body, self.content_type, self.headers = body, content_type, headers or []


def make_workloads(directory):
    """Writes the bodies and wrk scripts under `directory`; returns the workloads in order."""
    def write(name, text):
        path = os.path.join(directory, name)
        with open(path, "w") as f:
            f.write(text)
        return path

    def post(name, body, ctype):
        body_path = write(name + ".body", body)
        script = write(name + ".lua", lua_post(body_path, ctype))
        return Workload(name, "/index.html", 200, script, body.encode(), ctype)

    multipart, multipart_type = multipart_16k()
    write("page.html", response_page())
    return [
        Workload("get-args", "/index.html?id=1234&page=2&sort=price&q=blue+shoes&lang=en", 200),
        Workload("get-20-headers", "/index.html?id=1234", 200,
                 write("headers.lua", lua_headers(BROWSER_HEADERS)), headers=BROWSER_HEADERS),
        Workload("get-attack", "/index.html?id=1%27%20OR%20%271%27%3D%271&q=%3Cscript%3Ealert(1)"
                 "%3C%2Fscript%3E", 403),
        post("post-form-1k", form_1k(), "application/x-www-form-urlencoded"),
        post("post-json-4k", json_4k_nested(), "application/json"),
        post("post-multipart-16k", multipart, multipart_type),
        post("post-json-1m", json_1m(), "application/json"),
        Workload("get-response-64k", "/page.html", 200),
    ]
