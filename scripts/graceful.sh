#!/usr/bin/env bash
# Graceful restarts under load (issue 10, docs/reliability.md): CRS v4 PL1 blocking behind a
# private httpd, RELOADS (default 50) `apachectl graceful`s while client threads send requests;
# prints failed requests, crashes and the parent's RSS after each reload; exits 1 when a
# criterion fails (bench/graceful_load.py lists them).
#   RELOADS=50 CLIENTS=8 bash scripts/graceful.sh
set -euo pipefail
cd "$(dirname "$0")/.."

module=${RAMPART_MODULE:-build/mod_rampart.so}
[ -f "$module" ] || { echo "graceful: $module not found: build the mod_rampart target" >&2; exit 2; }

exec python3 bench/graceful_load.py --module "$module" --reloads "${RELOADS:-50}" \
  --clients "${CLIENTS:-8}"
