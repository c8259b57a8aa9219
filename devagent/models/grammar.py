"""GBNF grammars for llama.cpp: a ```json fence matching the role's schema (or, for the
JSON-only roles, the object alone), then an optional ```diff fence shaped like a unified
diff over files that exist."""

from __future__ import annotations

import json
import re

from devagent.models.base import ReplyFormat


def _literal(text: str) -> str:
    return json.dumps(text)  # a JSON string literal is a valid GBNF literal


def _diff_rules(paths: tuple[str, ...]) -> str:
    path_rule = " | ".join(_literal(p) for p in paths) if paths else "[^ \\t\\n]+"
    return "\n".join(
        [
            'diff-fence ::= "\\n\\n```diff\\n" file-diff+ "```"',
            'file-diff ::= "--- a/" diff-path "\\n+++ b/" diff-path "\\n" hunk+',
            'hunk ::= "@@ -" num ("," num)? " +" num ("," num)? " @@" [^\\n]* "\\n" hunk-line+',
            'hunk-line ::= [ +-] [^\\n]* "\\n"',
            "num ::= [0-9]+",
            f"diff-path ::= {path_rule}",
        ]
    )


_CHAR_RULE = 'char ::= [^"\\\\] |'
_BOUNDED_STRING = re.compile(r'^(\S+) ::= "\\"" \(char (?:[ ()?]|char)*\)\? "\\"" space$')


def _tighten(line: str) -> str:
    """Two fixes to llama-cpp-python's schema converter output:
    - JSON strings may not hold raw control characters (json.loads rejects them);
    - a maxLength string becomes `char{0,N}` instead of N nested optionals, which
      llama.cpp handles far faster."""
    if line.startswith(_CHAR_RULE):
        return 'char ::= [^"\\\\\\x00-\\x1F\\x7F] |' + line[len(_CHAR_RULE) :]
    match = _BOUNDED_STRING.match(line)
    if match:
        count = line.count("char")
        return f'{match.group(1)} ::= "\\"" char{{0,{count}}} "\\"" space'
    return line


def reply_grammar(reply_format: ReplyFormat) -> str:
    """The whole reply as one grammar; llama.cpp then cannot produce anything else."""
    from llama_cpp.llama_grammar import json_schema_to_gbnf  # heavy import, only when used

    json_rules = json_schema_to_gbnf(json.dumps(reply_format.grammar_schema))
    json_rules = re.sub(r"^root ::=", "reply-json ::=", json_rules, flags=re.MULTILINE)
    json_rules = "\n".join(_tighten(line) for line in json_rules.splitlines())
    if reply_format.bare_json:  # the object alone: nothing before or after it
        return f"root ::= reply-json\n{json_rules}\n"
    root = 'root ::= "```json\\n" reply-json "\\n```"'
    if reply_format.diff_paths is None:
        return f"{root}\n{json_rules}\n"
    variants = reply_format.diff_variants
    if variants is not None:
        # The converter names a top-level oneOf's branches alternative-0, alternative-1...
        branches = [
            f'alternative-{i} "\\n```"' + (" diff-fence" if i in variants else "")
            for i in range(len(reply_format.grammar_schema["oneOf"]))
        ]
        root = f'root ::= "```json\\n" ({" | ".join(branches)})'
        return f"{root}\n{json_rules}\n{_diff_rules(reply_format.diff_paths)}\n"
    return f"{root} diff-fence?\n{json_rules}\n{_diff_rules(reply_format.diff_paths)}\n"
