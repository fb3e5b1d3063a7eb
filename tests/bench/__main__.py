"""`make bench`: one line per metric, `P<n> <value> <unit> …`, ratios measured in the same run."""

from tests.bench.bench_areas import bench_p13, bench_p13_geometry, bench_p13_resolve
from tests.bench.bench_fog import bench_p14_view
from tests.bench.bench_gestures import bench_p7, bench_p9
from tests.bench.bench_grid import bench_p3_grid, bench_p11, bench_route
from tests.bench.bench_gui import bench_p1, bench_p3, bench_p6
from tests.bench.bench_odds import bench_p4
from tests.bench.bench_players import bench_p12
from tests.bench.bench_session import bench_p10
from tests.bench.bench_sight import bench_p14_engine
from tests.bench.bench_storage import bench_p2, bench_p5


def main() -> None:
    for bench in (bench_p1, bench_p2, bench_p3, bench_p3_grid, bench_p4, bench_p5, bench_p6):
        print(bench(), flush=True)
    print("\n".join(bench_p7()), flush=True)
    print("\n".join(bench_p12()), flush=True)
    for bench in (bench_p9, bench_p10, bench_p11, bench_route):
        print(bench(), flush=True)
    for bench in (bench_p13_geometry, bench_p13, bench_p13_resolve):
        print(bench(), flush=True)
    print(bench_p14_engine(), flush=True)
    print(bench_p14_view(), flush=True)


if __name__ == "__main__":
    main()
