"""A tiny MaxMind DB (.mmdb) writer for tests: enough of the format (MaxMind DB spec 2.0) to
hold a few networks with GeoIP2-City-like records. Search tree with 24-bit records, an IPv6 tree
(IPv4 networks live under ::/96, as libmaxminddb expects), data section with maps, arrays,
strings, doubles and unsigned integers, and the metadata map.

    write_mmdb(path, {"192.0.2.0/24": {"country": {"iso_code": "US"}}})
"""
import ipaddress
import struct
import time

_TYPES = {"pointer": 1, "utf8": 2, "double": 3, "bytes": 4, "uint16": 5, "uint32": 6,
          "map": 7, "int32": 8, "uint64": 9, "array": 11, "bool": 14}


class UInt16(int):
    pass


class UInt64(int):
    pass


def _control(kind, size):
    t = _TYPES[kind]
    if size < 29:
        head, extra = size, b""
    elif size < 285:
        head, extra = 29, bytes([size - 29])
    elif size < 65821:
        head, extra = 30, struct.pack(">H", size - 285)
    else:
        head, extra = 31, struct.pack(">I", size - 65821)[1:]
    if t <= 7:
        return bytes([(t << 5) | head]) + extra
    return bytes([head, t - 7]) + extra  # extended type: type bits 0, then the type byte


def _uint(kind, value):
    raw = value.to_bytes((value.bit_length() + 7) // 8, "big") if value else b""
    return _control(kind, len(raw)) + raw


def encode(value):
    if isinstance(value, bool):
        return _control("bool", int(value))
    if isinstance(value, str):
        raw = value.encode()
        return _control("utf8", len(raw)) + raw
    if isinstance(value, float):
        return _control("double", 8) + struct.pack(">d", value)
    if isinstance(value, UInt16):
        return _uint("uint16", value)
    if isinstance(value, UInt64):
        return _uint("uint64", value)
    if isinstance(value, int):
        return _uint("uint32", value)
    if isinstance(value, dict):
        out = _control("map", len(value))
        for k, v in value.items():
            out += encode(str(k)) + encode(v)
        return out
    if isinstance(value, list):
        out = _control("array", len(value))
        for v in value:
            out += encode(v)
        return out
    raise TypeError("cannot encode %r" % (value,))


def _bits(network):
    net = ipaddress.ip_network(network)
    if net.version == 4:
        addr, prefix = int(net.network_address), net.prefixlen + 96
    else:
        addr, prefix = int(net.network_address), net.prefixlen
    return [(addr >> (127 - i)) & 1 for i in range(prefix)]


def write_mmdb(path, networks, database_type="Rampart-Test-City"):
    data = b""
    offsets = []
    for record in networks.values():
        offsets.append(len(data))
        data += encode(record)
    nodes = [[None, None]]  # None: empty; ("node", i); ("data", offset)
    for (network, _), offset in zip(networks.items(), offsets):
        bits = _bits(network)
        node = 0
        for depth, bit in enumerate(bits):
            if depth == len(bits) - 1:
                nodes[node][bit] = ("data", offset)
                break
            child = nodes[node][bit]
            if child is None:
                nodes.append([None, None])
                child = ("node", len(nodes) - 1)
                nodes[node][bit] = child
            node = child[1]
    count = len(nodes)

    def record(r):
        if r is None:
            return count
        if r[0] == "node":
            return r[1]
        return count + 16 + r[1]

    tree = b"".join(struct.pack(">I", record(left))[1:] + struct.pack(">I", record(right))[1:]
                    for left, right in nodes)
    metadata = {
        "node_count": count,
        "record_size": UInt16(24),
        "ip_version": UInt16(6),
        "database_type": database_type,
        "languages": ["en"],
        "binary_format_major_version": UInt16(2),
        "binary_format_minor_version": UInt16(0),
        "build_epoch": UInt64(int(time.time())),
        "description": {"en": "Rampart test database"},
    }
    with open(path, "wb") as f:
        f.write(tree + b"\0" * 16 + data + b"\xab\xcd\xefMaxMind.com" + encode(metadata))


# The networks the tests use: a full City record, a Country-only record, and an IPv6 network.
TEST_NETWORKS = {
    "192.0.2.0/24": {
        "city": {"names": {"en": "Springfield"}},
        "continent": {"code": "NA", "names": {"en": "North America"}},
        "country": {"iso_code": "US", "names": {"en": "United States"}},
        "location": {"latitude": 39.7817, "longitude": -89.6501, "metro_code": UInt16(648)},
        "postal": {"code": "62701"},
        "subdivisions": [{"iso_code": "IL", "names": {"en": "Illinois"}}],
    },
    "198.51.100.0/24": {
        "continent": {"code": "EU", "names": {"en": "Europe"}},
        "country": {"iso_code": "DE", "names": {"en": "Germany"}},
    },
    "2001:db8::/32": {
        "continent": {"code": "EU"},
        "country": {"iso_code": "FR", "names": {"en": "France"}},
    },
}

if __name__ == "__main__":
    import sys
    write_mmdb(sys.argv[1], TEST_NETWORKS)
