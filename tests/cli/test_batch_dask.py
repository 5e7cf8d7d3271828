"""``alsos-solve batch --scheduler``: the same lines on a Dask cluster (a LocalCluster of
two worker processes) as in one local run. Skipped without the extra ``distributed``."""

from __future__ import annotations

import pytest

from alsos_solver.batch import runner as runner_module
from alsos_solver.batch_command import app

from batch_support import by_deal, expected, files, records, sample  # noqa: F401  (fixtures)
from cli_support import assert_error

distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as found:
        yield found


def test_a_cluster_gives_the_lines_of_a_local_run(runner, cluster, files, tmp_path, expected):  # noqa: F811
    out = tmp_path / "out.jsonl"
    result = runner.invoke(app, [*files, "-o", str(out), "--scheduler", cluster.scheduler_address])
    assert result.exit_code == 0, result.output
    assert by_deal(out) == expected
    ordered = tmp_path / "ordered.jsonl"
    assert runner.invoke(app, [*files, "-o", str(ordered), "--scheduler", cluster.scheduler_address, "--ordered"]).exit_code == 0
    assert [record["index"] for record in records(ordered)] == [*range(1, 8), *range(1, 6)]


def test_a_scheduler_that_cannot_be_reached(runner, files, tmp_path, monkeypatch):  # noqa: F811
    monkeypatch.setattr(runner_module, "CONNECT_TIMEOUT", 1)
    result = runner.invoke(app, [*files, "-o", str(tmp_path / "o.jsonl"), "--scheduler", "tcp://127.0.0.1:9"])
    assert_error(result, "--scheduler tcp://127.0.0.1:9: cannot reach the scheduler")
