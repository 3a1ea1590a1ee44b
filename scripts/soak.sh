#!/usr/bin/env bash
# Soak test (issue 10, docs/reliability.md): CRS v4 PL1 blocking behind a private httpd
# (mpm_event) under a bounded wrk run of ordinary and attack requests, RSS and open descriptors of
# every httpd process sampled meanwhile. Prints the figures, writes a PNG of RSS over time and
# exits 1 when a criterion fails (bench/soak.py lists them).
#   DURATION=600 CONNECTIONS=64 PLOT=build/soak-rss.png bash scripts/soak.sh
# Needs the built module (cmake --build build --target mod_rampart), wrk, CRS in ../shared/crs
# (or RAMPART_CRS_DIR), and Debian's python3-matplotlib for the plot (scripts/setup.sh installs
# both): hence /usr/bin/python3, not whatever python3 comes first on PATH.
set -euo pipefail
cd "$(dirname "$0")/.."

duration=${DURATION:-600}
connections=${CONNECTIONS:-64}
interval=${INTERVAL:-5}
module=${RAMPART_MODULE:-build/mod_rampart.so}
plot=${PLOT:-build/soak-rss.png}
json=${JSON:-build/soak.json}

[ -f "$module" ] || { echo "soak: $module not found: build the mod_rampart target" >&2; exit 2; }
command -v wrk >/dev/null || { echo "soak: wrk is missing (scripts/setup.sh installs it)" >&2; exit 2; }

exec /usr/bin/python3 bench/soak.py --module "$module" --duration "$duration" \
  --connections "$connections" --interval "$interval" --plot "$plot" --json "$json"
