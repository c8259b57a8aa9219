"""Reading and writing a file of the worktree (or of Repair's copy) on the host.

The repository's tests run in the sandbox, and they can replace a file with a symlink
to a host file the sandbox hides (a private /tmp, say): read on the host, the link
would carry that file into a prompt, the run log and a model server. So every host-side
read of a worktree file resolves the path, symlinks included, and reads it only when it
stays inside the worktree."""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from pathlib import Path


class OutsideWorktree(OSError):
    """The path resolves outside the worktree (a `..` or a symlink out of it)."""


def path_inside(root: Path, rel: str | Path) -> Path:
    """`root / rel` with every symlink resolved; OutsideWorktree when that leaves `root`."""
    base = Path(root).resolve()
    target = (base / rel).resolve()
    if not target.is_relative_to(base):
        raise OutsideWorktree(f"{rel} resolves outside the worktree")
    return target


def is_file_inside(root: Path, rel: str | Path) -> bool:
    """A regular file inside `root` (a symlink to one inside counts; to one outside not)."""
    try:
        return path_inside(root, rel).is_file()
    except OSError:
        return False


def read_text_inside(root: Path, rel: str | Path, errors: str | None = None) -> str:
    """The text of `root / rel`; OutsideWorktree (an OSError) when it resolves outside."""
    return path_inside(root, rel).read_text(encoding="utf-8", errors=errors)


# --------------------------------------------------------------------------- writes
#
# A check made before the tests run proves nothing about the path when the host writes
# it afterwards: a test may have replaced the file, or a folder on its way, with a
# symlink to a host file (`~/.bashrc`). So host-side writes into the worktree (or into
# Repair's copy, or any folder sandboxed code could write) walk the path one component
# at a time from an open folder descriptor, each folder opened with O_NOFOLLOW, and open
# the file itself with O_NOFOLLOW: a symlink anywhere is refused at the moment of the
# write, and what was opened is what gets written.

_DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
# O_NONBLOCK: a FIFO planted in the file's place must not hang the host (it is refused).
_FILE_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC | os.O_NONBLOCK


def _parts(rel: str | Path) -> list[str]:
    text = str(rel)
    parts = text.split("/")
    if text.startswith("/") or any(p in ("", ".", "..") for p in parts):
        raise OutsideWorktree(f"{text}: not a plain relative path")
    return parts


def _open_folder(root: Path, rel: str | Path, *, create: bool) -> tuple[int, str]:
    """A descriptor of the folder holding `root/rel` (created when missing and `create`)
    and the file's name in it; OutsideWorktree when a folder on the way is a symlink or
    not a folder. FileNotFoundError when a folder is missing and not `create`."""
    parts = _parts(rel)
    try:  # the root itself may not be a link either (Repair's copy lies in a writable folder)
        fd = os.open(root, _DIR_FLAGS)
    except OSError as exc:
        if exc.errno in (errno.ELOOP, errno.ENOTDIR):
            raise OutsideWorktree(f"{rel}: {root} is a symlink or not a folder (refused)") from None
        raise
    try:
        for depth, name in enumerate(parts[:-1], start=1):
            try:
                child = _open_subfolder(fd, name, create)
            except OSError as exc:
                if exc.errno in (errno.ELOOP, errno.ENOTDIR):
                    where = "/".join(parts[:depth])
                    raise OutsideWorktree(f"{rel}: {where} is a symlink or not a folder (refused)") from None
                raise
            os.close(fd)
            fd = child
    except BaseException:
        os.close(fd)
        raise
    return fd, parts[-1]


def _open_subfolder(fd: int, name: str, create: bool) -> int:
    try:
        return os.open(name, _DIR_FLAGS, dir_fd=fd)
    except FileNotFoundError:
        if not create:
            raise
    with contextlib.suppress(FileExistsError):  # made meanwhile: the open below decides
        os.mkdir(name, 0o777, dir_fd=fd)
    return os.open(name, _DIR_FLAGS, dir_fd=fd)


def open_for_write_inside(root: Path, rel: str | Path) -> int:
    """A descriptor open for writing on the regular file `root/rel`, truncated (created,
    with its missing folders, when absent). OutsideWorktree when the file or a folder on
    the way is a symlink at this moment, or the file is not a regular file with one link
    (a FIFO, a device, a hard link to a file elsewhere)."""
    folder, name = _open_folder(root, rel, create=True)
    try:
        try:
            fd = os.open(name, _FILE_FLAGS, 0o666, dir_fd=folder)
        except OSError as exc:
            if exc.errno in (errno.ELOOP, errno.ENXIO, errno.EISDIR, errno.ENOTDIR):
                raise OutsideWorktree(f"{rel}: a symlink or not a regular file (refused)") from None
            raise
    finally:
        os.close(folder)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_nlink != 1:
            raise OutsideWorktree(f"{rel}: not a regular file with a single link (refused)")
        os.set_blocking(fd, True)
        os.ftruncate(fd, 0)  # only now: the checks above may not cost the file its content
    except BaseException:
        os.close(fd)
        raise
    return fd


def write_inside(root: Path, rel: str | Path, data: bytes) -> None:
    """Write `data` as the whole content of `root/rel` through `open_for_write_inside`
    (no symlink followed, missing folders created); OutsideWorktree when refused."""
    with os.fdopen(open_for_write_inside(root, rel), "wb") as handle:
        handle.write(data)


def write_text_inside(root: Path, rel: str | Path, text: str) -> None:
    """`write_inside` of `text` in UTF-8."""
    write_inside(root, rel, text.encode("utf-8"))


def remove_inside(root: Path, rel: str | Path) -> None:
    """Remove the file `root/rel` (a symlink there: the link itself); OutsideWorktree
    when a folder on the way is a symlink; nothing to do when it or a folder is missing."""
    try:
        folder, name = _open_folder(root, rel, create=False)
    except FileNotFoundError:
        return
    try:
        os.unlink(name, dir_fd=folder)
    except FileNotFoundError:
        pass
    finally:
        os.close(folder)
