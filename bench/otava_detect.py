"""Change points by Apache Otava, for npm run bench:detect.

Reads {"series": [[float, ...], ...], "window_len": int, "max_pvalue": float, "min_magnitude": float}
as JSON on stdin and prints {"otava_version": str, "change_points": [[index, ...], ...]} as JSON on
stdout: for each series, the indexes (first run after the change) that Otava's default analysis
(otava.analysis.compute_change_points: windowed E-Divisive split with t-tests, then merge) reports.
"""

import json
import sys
from importlib.metadata import version

from otava.analysis import compute_change_points


def main() -> None:
    request = json.load(sys.stdin)
    result = []
    for values in request["series"]:
        change_points, _ = compute_change_points(
            list(values),
            window_len=request.get("window_len", 50),
            max_pvalue=request.get("max_pvalue", 0.001),
            min_magnitude=request.get("min_magnitude", 0.0),
        )
        result.append([int(cp.index) for cp in change_points])
    json.dump({"otava_version": version("apache-otava"), "change_points": result}, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
