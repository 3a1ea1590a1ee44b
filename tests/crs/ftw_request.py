"""Builds the bytes go-ftw sends for a stage input, byte for byte as go-ftw does.

What go-ftw does (and so what CRS's expectations assume):
- `encoded_request` (base64) is sent as it is; nothing else applies.
- The request line is `METHOD URI VERSION` (defaults GET, /, HTTP/1.1).
- `data` may hold `{{ "x" | repeat N }}` templates, expanded first.
- With autocomplete_headers (the default) and a body: Content-Type defaults to
  application/x-www-form-urlencoded, and such a body is %-encoded pair by pair unless it already
  looks encoded (decoding it would change it).
- A multipart/form-data body has every LF turned into CRLF (YAML blocks carry LF only).
- With autocomplete_headers: `Connection: close` unless set, and `Content-Length` for a body or
  for POST/PUT/PATCH/DELETE, unless set.
- Headers go out sorted by name, one per name, names exactly as written. Looking a header up
  (Content-Type, Connection, Content-Length) ignores case, as current go-ftw does: a test's
  `Content-type: application/xml` gets no second, form Content-Type.
"""

import base64
import re
import urllib.parse

REPEAT = re.compile(r'\{\{\s*"((?:[^"\\]|\\.)*)"\s*\|\s*repeat\s+(\d+)\s*\}\}')
# go-ftw's regex is `^POST|PUT|PATCH|DELETE$`: POST at the start, or PUT/PATCH anywhere, or
# DELETE at the end. Kept as written, quirks and all.
METHODS_WITH_BODY = re.compile(r"^POST|PUT|PATCH|DELETE$")
FORM = "application/x-www-form-urlencoded"


def expand_templates(data):
    return REPEAT.sub(lambda m: m.group(1).encode().decode("unicode_escape") * int(m.group(2)),
                      data)


def _go_query_unescape(s):
    """Go's url.QueryUnescape, or None where it reports an error (a bad %-escape)."""
    if re.search(r"%(?![0-9A-Fa-f]{2})", s):
        return None
    return urllib.parse.unquote_plus(s, errors="surrogateescape")


def _go_query_escape(s):
    return urllib.parse.quote_plus(s, safe="-_.~")


def encode_form(data):
    text = data.decode("utf-8", errors="surrogateescape")
    if _go_query_unescape(text) != text:
        return data  # already encoded, or not decodable: sent as written
    pieces = []
    for token in text.split("&"):
        if "=" not in token:
            pieces.append(_go_query_escape(token))
            continue
        key, value = token.split("=", 1)
        pieces.append(_go_query_escape(key) + "=" + _go_query_escape(value))
    return "&".join(pieces).encode("utf-8", errors="surrogateescape")


def header(headers, name):
    for k, v in headers.items():
        if k.lower() == name.lower():
            return v
    return ""


def method_of(raw):
    """The method of raw request bytes (a HEAD response has no body to wait for)."""
    return raw.split(b" ", 1)[0].decode("latin-1").upper()


def build(inp):
    """The raw request bytes for a stage's input dict."""
    encoded = inp.get("encoded_request") or inp.get("raw_request")
    if encoded:
        if inp.get("encoded_request"):
            return base64.b64decode(encoded)
        return encoded.encode()
    method = str(inp.get("method", "GET"))
    uri = str(inp.get("uri", "/"))
    version = str(inp.get("version", "HTTP/1.1"))
    headers = {str(k): "" if v is None else str(v) for k, v in (inp.get("headers") or {}).items()}
    autocomplete = inp.get("autocomplete_headers", True)
    if inp.get("stop_magic") is True:  # the deprecated spelling of autocomplete_headers: false
        autocomplete = False
    data = inp.get("data")
    if data is None and inp.get("encoded_data"):
        body = base64.b64decode(inp["encoded_data"])
    else:
        body = expand_templates(str(data)).encode("utf-8") if data is not None else b""
    if body and autocomplete:
        if not header(headers, "Content-Type"):
            headers["Content-Type"] = FORM
        if header(headers, "Content-Type") == FORM:
            body = encode_form(body)
    if header(headers, "Content-Type").startswith("multipart/form-data;"):
        body = body.replace(b"\n", b"\r\n")
    if autocomplete:
        if not header(headers, "Connection"):
            headers["Connection"] = "close"
        if (body or METHODS_WITH_BODY.search(method)) and not header(headers, "Content-Length"):
            headers["Content-Length"] = str(len(body))
    head = f"{method} {uri} {version}\r\n"
    head += "".join(f"{k}: {headers[k]}\r\n" for k in sorted(headers))
    return head.encode("utf-8", errors="surrogateescape") + b"\r\n" + body
