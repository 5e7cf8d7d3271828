"""Running a batch: the deals read one by one, sent in small chunks to worker processes
(or to a Dask cluster), and each line written as soon as its chunk comes back.

At most a few chunks per worker are out at once, so memory stays bounded however many
deals the files hold. Chunks shrink as the deals left to send run out (when their number
is known), so that the workers finish together: the last chunks are single deals.
Unordered, lines are written as chunks finish; ``ordered`` holds back those that finish
early until the deals before them are written. A deal that the output holds already
(``--resume``) is read but not sent.

The workers are processes started by fork, each keeping its solver's table from deal to
deal; they ignore Ctrl-C (the batch's process answers it) and end when that process dies.
On a cluster, each worker thread keeps its own table the same way.
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass

from .output import Key, Output
from .work import Done, Job, Task, analyse

CHUNK = 8
"""Items per unit of work of :func:`map_chunks`, at most (fewer when they are few for the workers)."""
BATCH_CHUNK = 32
"""Deals per unit of work of a batch, at most (fewer as the deals left run out). Each chunk
costs the batch's process about a millisecond, a deal's whole analysis about ten in a
worker (benchmarks/results.md, 'Batch scaling')."""
WINDOW = 4
"""Chunks out per worker at once."""
CONNECT_TIMEOUT = 10
"""Seconds to wait for a Dask scheduler."""
PARENT_POLL = 0.5
"""How often (seconds) a worker checks that the batch's process is still there."""

Update = Callable[[int, "int | None"], None]


def no_progress() -> AbstractContextManager[Update]:
    return nullcontext(lambda done, total=None: None)


class BatchError(Exception):
    """A batch that cannot run (the cluster cannot be reached, a worker died); one line
    for a person."""


@dataclass
class Summary:
    """What a run did: deals written now, deals skipped (already in the output)."""

    written: int = 0
    skipped: int = 0


def default_jobs() -> int:
    """Every core this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def chunk_size(left: int | None, workers: int, most: int = CHUNK) -> int:
    """Small enough that every worker gets several chunks of the ``left`` items (None: not
    known), at most ``most``."""
    if left is None:
        return most
    return max(1, min(most, left // (workers * WINDOW)))


def chunks(tasks: Iterable[Task], total: int | None, workers: int) -> Iterator[list[Task]]:
    """The tasks in chunks of :func:`chunk_size` for the deals left of ``total`` (a guess:
    None, or too low, gives the largest chunks)."""
    chunk: list[Task] = []
    sent = 0
    for task in tasks:
        chunk.append(task)
        if len(chunk) >= chunk_size(None if total is None or total <= sent else total - sent, workers, BATCH_CHUNK):
            sent += len(chunk)
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def run_batch(
    tasks: Iterable[Task], output: Output, job: Job, *, jobs: int | None = None, ordered: bool = False,
    scheduler: str | None = None, total: int | None = None,
    progress: Callable[[], AbstractContextManager[Update]] | None = None,
) -> Summary:
    """Analyse every deal of ``tasks`` not yet in ``output`` and write its line there.
    ``jobs`` worker processes (default: every core; 1: this process), or the Dask
    cluster at ``scheduler``. ``progress()`` is entered once the workers are started and
    gets ``update(done, total)``; ``total`` (deals) may be a guess.

    An error while reading (the tasks' iterator raises) stops the sending: the chunks out
    are written, then the error is raised. BatchError when the work cannot be done."""
    summary = Summary()
    done = 0

    def fresh(found: Iterable[Task]) -> Iterator[Task]:
        nonlocal done
        for task in found:
            if (task[0], task[1]) in output.done:
                summary.skipped += 1
                done += 1
            else:
                yield task

    def written(results: list[Done]) -> None:
        nonlocal done
        for filename, index, text in results:
            summary.written += output.write((filename, index), text)
        done += len(results)
        update(done, total)

    with executor(jobs, scheduler) as (pool, workers), (progress or no_progress)() as update:
        work = chunks(fresh(tasks), None if total is None else total - len(output.done), workers)
        if pool is None:
            for chunk in work:
                written(analyse(chunk, job))
        else:
            schedule(pool, work, job, workers * WINDOW, ordered, written)
    return summary


def map_chunks(function: Callable[[list], list], items: list, jobs: int | None, progress: Update | None = None) -> list:
    """``function`` over chunks of ``items`` on ``jobs`` processes (default: every core),
    its results joined in the order of the items."""
    with executor(jobs, None) as (pool, workers):
        size = chunk_size(len(items), workers)
        parts = [items[start:start + size] for start in range(0, len(items), size)]
        results: list = []
        for found in (map(function, parts) if pool is None else pool.map(function, parts)):
            results += found
            if progress:
                progress(len(results), len(items))
        return results


def schedule(pool: Executor, work: Iterator[list[Task]], job: Job, window: int, ordered: bool,
             written: Callable[[list[Done]], None]) -> None:
    """Keep ``window`` chunks out; hand back each chunk's lines (in order when ``ordered``)."""
    out: dict[Future, int] = {}
    finished: dict[int, list[Done]] = {}
    sent = next_to_write = 0
    failure: BaseException | None = None
    try:
        while True:
            while failure is None and len(out) + len(finished) < window:
                try:
                    chunk = next(work)
                except StopIteration:
                    break
                except Exception as error:  # a bad deal: finish what is out, then raise
                    failure = error
                    break
                out[pool.submit(analyse, chunk, job)] = sent
                sent += 1
            if not out:
                break
            ready, _ = wait(out, return_when=FIRST_COMPLETED)
            for future in ready:
                finished[out.pop(future)] = result(future)
            if not ordered:
                for results in finished.values():
                    written(results)
                finished.clear()
            while next_to_write in finished:
                written(finished.pop(next_to_write))
                next_to_write += 1
    except BaseException:
        for future in out:
            future.cancel()
        raise
    if failure is not None:
        raise failure


def result(future: Future) -> list[Done]:
    """A chunk's lines; BatchError when its worker died."""
    from concurrent.futures.process import BrokenProcessPool

    try:
        return future.result()
    except BrokenProcessPool:
        raise BatchError("a worker process died (killed, or out of memory); --resume goes on from where the batch is") from None


@contextmanager
def executor(jobs: int | None, scheduler: str | None) -> Iterator[tuple[Executor | None, int]]:
    """The executor of the work and how many workers it has: None for this process alone."""
    if scheduler is not None:
        with dask_executor(scheduler) as found:
            yield found
        return
    workers = jobs or default_jobs()
    if workers == 1:
        yield None, 1
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork"), initializer=start_worker,
                               initargs=(os.getpid(),))
    try:
        pool.submit(int).result()  # forks every worker now, before a progress bar starts its thread
        yield pool, workers
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()  # the workers end before the batch does (their time counts as its own)


def start_worker(parent: int) -> None:
    """In each worker process: leave Ctrl-C to the batch's process, and end when it ends
    (a SIGKILL gives it no chance to stop its workers)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def watch() -> None:
        while os.getppid() == parent:
            threading.Event().wait(PARENT_POLL)
        os._exit(1)

    threading.Thread(target=watch, daemon=True).start()


@contextmanager
def dask_executor(address: str) -> Iterator[tuple[Executor, int]]:
    """An executor on the Dask cluster at ``address``, and its worker threads. BatchError
    when distributed is not installed or the scheduler cannot be reached."""
    try:
        from distributed import Client
    except ImportError:
        raise BatchError("--scheduler needs dask.distributed, the optional extra: pip install 'alsos-solver[distributed]'") from None
    try:
        client = Client(address, timeout=CONNECT_TIMEOUT)
    except (OSError, TimeoutError, ValueError) as error:
        raise BatchError(f"--scheduler {address}: cannot reach the scheduler: {error}") from None
    try:
        threads = sum(client.nthreads().values()) or 1
        yield client.get_executor(pure=False), threads
    finally:
        client.close()
