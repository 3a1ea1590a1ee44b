#!/usr/bin/env bash
# Installs every Debian 12 package that Rampart's build, tests and demo need.
# Idempotent: packages already present are left alone; only Debian's archive is contacted.
set -euo pipefail

packages=(
  # build
  build-essential cmake pkg-config
  apache2 apache2-dev libapr1-dev libaprutil1-dev
  libpcre2-dev libxml2-dev libyajl-dev libmaxminddb-dev liblmdb-dev
  libgtest-dev googletest
  zlib1g-dev  # rampart log reads .gz audit logs
  libcurl4-openssl-dev  # SecRemoteRules downloads rules over HTTPS at startup
  liblua5.4-dev  # SecRuleScript: rules written in Lua
  libfuzzy-dev  # @fuzzyHash compares ssdeep fuzzy hashes (libfuzzy)
  libhiredis-dev  # SecCollectionStore: fleet-wide collections in Redis (src/collections/redis_*)
  # tests and the demo
  curl fail2ban python3
  redis-server  # fleet tests and bench start a private Redis on 127.0.0.1 (with redis-cli)
  python3-yaml  # tests/crs reads the go-ftw YAML regression tests of CRS
  # for comparison tests only: the real ModSecurity v2 writes audit logs for `rampart log`'s tests
  # (loaded into a private httpd, never enabled system-wide); chromium renders its HTML report
  libapache2-mod-security2 chromium
  # bench/: wrk is the httpd load generator, libbenchmark-dev the engine microbenchmarks,
  # python3-matplotlib draws the scaling plot, valgrind (callgrind) profiles the hot spots
  wrk libbenchmark-dev python3-matplotlib valgrind
  # bench/graceful_load.py reads the httpd parent's heap between reloads (malloc_stats via gdb)
  gdb
  # scripts/fuzz.sh: libFuzzer harnesses built with clang (ASan, UBSan)
  clang libclang-rt-14-dev
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done

if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "setup: these packages are missing and installing them needs root: ${missing[*]}" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  # Debian's apache2 starts a system httpd on port 80; Rampart never needs it, so keep it from starting.
  printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d
  apt-get install -y -qq --no-install-recommends "${missing[@]}"
  rm -f /usr/sbin/policy-rc.d
fi
# libapache2-mod-security2 enables itself in Debian's own httpd; it is for comparison tests only.
if [ -e /etc/apache2/mods-enabled/security2.load ] && [ "$(id -u)" -eq 0 ]; then
  a2dismod -q security2 >/dev/null
fi
echo "setup: all packages present"
