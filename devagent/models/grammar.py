"""GBNF grammars for llama.cpp: a ```json fence matching the role's schema, then an
optional ```diff fence shaped like a unified diff over files that exist."""

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


def reply_grammar(reply_format: ReplyFormat) -> str:
    """The whole reply as one grammar; llama.cpp then cannot produce anything else."""
    from llama_cpp.llama_grammar import json_schema_to_gbnf  # heavy import, only when used

    json_rules = json_schema_to_gbnf(json.dumps(reply_format.json_schema))
    json_rules = re.sub(r"^root ::=", "reply-json ::=", json_rules, flags=re.MULTILINE)
    root = 'root ::= "```json\\n" reply-json "\\n```"'
    if reply_format.diff_paths is None:
        return f"{root}\n{json_rules}\n"
    return f"{root} diff-fence?\n{json_rules}\n{_diff_rules(reply_format.diff_paths)}\n"
