"""Differential probe, run as a script inside the candidate runner's copy (overfit.py):
call a function of the original module and of the candidate module on the same inputs,
and report each call's result and whether the original executed the edited lines.

Standard library only. Reads a JSON request file (argv[1]) and prints one JSON line."""

from __future__ import annotations

import copy
import importlib.util
import json
import re
import signal
import sys
from pathlib import Path
from types import FrameType, ModuleType
from typing import Any

_CALL_TIMEOUT_S = 2
_ORIGINAL, _CANDIDATE = "_devagent_probe_original", "_devagent_probe_candidate"
# A default repr names the module the class came from and the object's address: both
# differ between the two modules on every call, and neither is behaviour.
_UNSTABLE = re.compile(rf"\b(?:{_ORIGINAL}|{_CANDIDATE})\b| at 0x[0-9a-fA-F]+")


class _Timeout(Exception):
    pass


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise _Timeout


def _load(path: str, name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise ImportError(path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _call(module: ModuleType, name: str, args: list[Any], kwargs: dict[str, Any]) -> str:
    function = getattr(module, name, None)
    if not callable(function):
        return "!missing"
    given, named = copy.deepcopy(args), copy.deepcopy(kwargs)
    signal.alarm(_CALL_TIMEOUT_S)
    try:
        result = repr(function(*given, **named))
        # what the call did to its arguments is behaviour too (a list filled in place)
        if (given, named) != (args, kwargs):
            result += f" with the arguments left as {given!r} {named!r}"
        return "=" + _UNSTABLE.sub("", result)[:500]
    except _Timeout:
        return "!timeout"
    except RecursionError:
        return "!RecursionError"
    except Exception as exc:
        return "!" + type(exc).__name__
    finally:
        signal.alarm(0)


def main() -> None:
    request = json.loads(Path(sys.argv[1]).read_text(encoding="utf-8"))
    sys.path[:0] = request["path"]
    sys.setrecursionlimit(3000)
    signal.signal(signal.SIGALRM, _alarm)
    original = _load(request["original"], _ORIGINAL)
    candidate = _load(request["candidate"], _CANDIDATE)
    watched_file = str(Path(request["original"]).resolve())
    watched = set(request["lines"])
    reached = False

    def tracer(frame: FrameType, event: str, arg: object) -> Any:
        nonlocal reached
        if frame.f_code.co_filename != watched_file:
            return None
        if event == "line" and frame.f_lineno in watched:
            reached = True
        return tracer

    out = []
    for name, args, kwargs in request["calls"]:
        reached = False
        sys.settrace(tracer)
        try:
            before = _call(original, name, args, kwargs)
        finally:
            sys.settrace(None)
        after = _call(candidate, name, args, kwargs)
        out.append({"original": before, "candidate": after, "reached": reached})
    print(json.dumps(out))


if __name__ == "__main__":
    main()
