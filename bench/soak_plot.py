"""The PNG of bench/soak.py: RSS of the httpd parent and of each child over the run, with the
warm-up fifth and the two fifths the growth criterion compares shaded. Needs matplotlib
(Debian's python3-matplotlib, installed by scripts/setup.sh; run with /usr/bin/python3)."""

import matplotlib

matplotlib.use("Agg")  # no display
import matplotlib.pyplot as plt  # noqa: E402


def plot(result, path):
    fig, ax = plt.subplots(figsize=(8, 4), dpi=80)
    end = 0
    for pid, series in result["series"].items():
        if not series:
            continue
        role = "parent" if pid == result["parent"] else "child"
        t = [s[0] for s in series]
        ax.plot(t, [s[1] / 1048576 for s in series], label=f"{role} {pid}")
        end = max(end, t[-1])
    fifth = end / 5
    ax.axvspan(0, fifth, color="0.9", label="warm-up")
    ax.axvspan(fifth, 2 * fifth, color="tab:green", alpha=0.1, label="compared")
    ax.axvspan(end - fifth, end, color="tab:green", alpha=0.1)
    wrk = result["wrk"]
    ax.set_title(f"Rampart soak: CRS PL1, {result['connections']} connections, "
                 f"{wrk['requests']:,} requests in {result['duration']} s")
    ax.set_xlabel("seconds")
    ax.set_ylabel("RSS (MiB)")
    ax.set_ylim(bottom=0)
    ax.legend(loc="lower right", fontsize="small")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
