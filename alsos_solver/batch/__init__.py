"""Batch runs: every deal of many files analysed on every core, or on a Dask cluster, into
one JSON-lines file that a kill never spoils and ``--resume`` finishes (``alsos-solve
batch``).

:mod:`.work` is what one deal gets (its JSON line), :mod:`.output` the results file,
:mod:`.runner` the scheduling: local processes or a ``dask.distributed`` cluster.
"""

from .output import Output, ResumeError
from .runner import BatchError, Summary, run_batch
from .work import Job, QuestionError

__all__ = ["BatchError", "Job", "Output", "QuestionError", "ResumeError", "Summary", "run_batch"]
