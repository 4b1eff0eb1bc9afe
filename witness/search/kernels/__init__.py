"""The compiled cores (numba): :mod:`~witness.search.kernels.panel` (a
package, one file per step: A* on any panel) and
:mod:`~witness.search.kernels.triangle` (one file: MUSE/ReMUSE on the paper's
triangle puzzles, and its evaluation of Table 1 predicates on paths).
Importing this package loads neither; a driver imports the core it runs.

numba's disk cache (``cache=True``) keeps a function's compiled code under a
stamp of its own file's bytes, but that code holds the code of every compiled
function it calls or inlines: after an edit to a helper's file, a caller in
another file would still load the old helper from the cache. So a core of
several files calls :func:`refresh_core_cache` on import, before it loads any of
its files: when the hash of all the core's sources differs from the stamp kept
beside numba's cache files for the core, it removes those files (the ``*.nbi``
and ``*.nbc`` of the core's modules, nothing else) and numba compiles the whole
core anew. Chosen over a cache locator whose stamp covers every file of a
core, which would subclass numba's private locator classes and be registered
for every cached function of the process (``NUMBA_CACHE_LOCATOR_CLASSES``):
this relies only on where numba puts a file's cache (``NUMBA_CACHE_DIR``, else
``__pycache__`` beside the file, else numba's user-wide cache folder) and on
its files' names, both checked on the installed numba by an end-to-end test
(``tests/test_kernels.py``). A core of one file (the MUSE core, kernels.triangle) needs
nothing: numba's own stamp covers it. A process that was running when a core
file was edited may still write code of the old file into the cache (numba
stamps what it saves with the file as it read it at import): restart such
processes after editing a core.
"""

from __future__ import annotations

import hashlib
import logging
import os
import tempfile

log = logging.getLogger(__name__)

STAMP_NAME = "core-sources.sha256"  # beside numba's cache files of a core
CACHE_SUFFIXES = (".nbi", ".nbc")  # numba's index and data files


def core_stamp(core_dir: str) -> str:
    """The hash of a core's sources: every ``*.py`` file of ``core_dir``, by name
    and bytes."""
    digest = hashlib.sha256()
    for name in sorted(os.listdir(core_dir)):
        if name.endswith(".py"):
            with open(os.path.join(core_dir, name), "rb") as f:
                data = f.read()
            digest.update(f"{name}\0{len(data)}\0".encode())
            digest.update(data)
    return digest.hexdigest()


def _writable(folder: str) -> bool:
    """Can numba keep its cache in ``folder`` (as its locators test it)?"""
    try:
        os.makedirs(folder, exist_ok=True)
        tempfile.TemporaryFile(dir=folder).close()
    except OSError:
        return False
    return True


def numba_cache_dir(core_dir: str) -> str | None:
    """The folder numba keeps the cache of the functions defined in ``core_dir``
    in, by its locators' order for a regular source file: ``NUMBA_CACHE_DIR``
    (a subfolder named after the source folder), else ``__pycache__`` beside the
    sources, else numba's user-wide cache folder; the first it can write to.
    None when it can write to none (numba then caches nothing)."""
    from numba import config
    from numba.misc.appdirs import AppDirs

    source = os.path.abspath(core_dir)  # (numba: the folder of the function's file)
    subpath = os.path.basename(source) + "_" + hashlib.sha1(source.encode()).hexdigest()
    root = getattr(config, "CACHE_DIR", "")  # (NUMBA_CACHE_DIR; not in numba's type stubs)
    folders = [os.path.join(root, subpath)] if root else []
    folders.append(os.path.join(source, "__pycache__"))
    folders.append(os.path.join(AppDirs(appname="numba", appauthor=False).user_cache_dir, subpath))
    return next((f for f in folders if _writable(f)), None)


def clear_stale_cache(core_dir: str, cache_dir: str) -> int:
    """Remove numba's cache files of the core's modules from ``cache_dir`` when
    its stamp there is not the core's :func:`core_stamp`, then write the
    stamp. Returns how many files went (0 when the cache was fresh)."""
    stamp = core_stamp(core_dir)
    stamp_path = os.path.join(cache_dir, STAMP_NAME)
    try:
        with open(stamp_path) as f:
            if f.read().strip() == stamp:
                return 0
    except OSError:
        pass
    modules = tuple(name[:-3] + "." for name in os.listdir(core_dir) if name.endswith(".py"))
    removed = 0
    for name in os.listdir(cache_dir):
        if name.startswith(modules) and name.endswith(CACHE_SUFFIXES):
            try:
                os.remove(os.path.join(cache_dir, name))
                removed += 1
            except FileNotFoundError:  # (another process removed it first)
                pass
    fd, tmp = tempfile.mkstemp(dir=cache_dir, prefix=STAMP_NAME + ".")
    try:
        with os.fdopen(fd, "w") as f:
            f.write(stamp + "\n")
        os.replace(tmp, stamp_path)  # (whole, for a process reading it meanwhile)
    except OSError:
        os.remove(tmp)
        raise
    log.debug("%s: sources changed, %d numba cache files removed", core_dir, removed)
    return removed


def refresh_core_cache(core_file: str) -> int:
    """Make numba compile anew every function of the core whose package file is
    ``core_file`` (its ``__init__.py``) when any file of the core changed since
    its cache was written (see above). Call it before the core loads any of its
    files. Returns how many cache files it removed."""
    core_dir = os.path.dirname(os.path.abspath(core_file))
    cache_dir = numba_cache_dir(core_dir)
    if cache_dir is None:
        return 0
    try:
        return clear_stale_cache(core_dir, cache_dir)
    except OSError as error:  # a cache numba can write to but not list: say so, go on
        log.warning("could not check numba's cache of %s: %s", core_dir, error)
        return 0
