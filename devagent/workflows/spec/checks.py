"""The Reviewer's pure checks and the Architect's rules, on plain values (no model, no IO).

A 135M model under a grammar writes schema-valid noise; these checks are what makes the
debate useful on it. Each finding is a (category, description) pair in the seed's three
categories. They are heuristics on words, kept simple and deterministic so a test can say
exactly what they flag:

- completeness: nouns the rough idea names (the head of a phrase after an article or a
  possessive, and plural words) that no component's name or purpose mentions;
- consistency: a purpose that relies on another component that is not defined (a
  PascalCase name that is not a component, or storage, an API or a UI that no component
  of that type provides);
- ambiguity: a vague purpose ("Process data", a few words), a type whose purpose reads
  like another type, two components with the same name.

Entities are found by words alone: the head of a phrase of up to two words after an
article or a possessive ("a nightly job" -> job), and plural words ("recipes" -> recipe);
the system itself ("app", "tool") is not an entity.

The Architect's own rules (checked on its reply before the Reviewer sees it): names in
PascalCase, and a design_rationale that names every challenge of the last review by its
index."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

Category = Literal["completeness", "consistency", "ambiguity"]

PASCAL_CASE = re.compile(r"^[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)*$")


@dataclass(frozen=True)
class Part:
    """One component of a draft, as the checks see it."""

    name: str
    type: str
    purpose: str


@dataclass(frozen=True)
class Finding:
    category: Category
    description: str


_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Words that start a noun phrase: its last word (before a stop word) is the entity.
_DETERMINERS = _words("a an the each every their its our his her my your some any per this that these those")
# Function words, common verbs and adjectives: never entities on their own.
_STOP = _words(
    """
    a an the and or but nor so yet for to of in on at by with from into onto over under about
    as is are was were be been being am do does did done has have had having can could will
    would shall should may might must not no yes it its it's this that these those there here
    then than when where which who whom whose what why how all any both each few more most
    other some such only own same too very just also again once up down out off via per
    i me my we us our you your he him his she her they them their
    want wants need needs let lets get gets make makes use uses using used allow allows
    build builds create creates add adds keep keeps show shows see sees give gives go goes
    way ways lot lots kind kinds sort type types something anything everything nothing
    """
)
# Adjectives: inside a noun phrase ("a nightly job"), never its head.
_ADJECTIVES = _words(
    """
    like new simple small big good easy fast quick nice basic rough one two three first last
    next later daily nightly weekly monthly web online local shared single multiple
    """
)
# The whole thing the idea describes, not a part of it.
_SYSTEM = _words(
    "idea thing things stuff app application tool system platform service website site program project"
)
_VAGUE_PURPOSES = (
    re.compile(
        r"^\s*(process|handle|manage|do|deal with)(es|s|ing)?\s+(the\s+)?"
        r"(data|stuff|things|logic|everything|it)\b",
        re.I,
    ),
    re.compile(r"\b(misc|miscellaneous|various|etc|generic|general purpose|stuff|things)\b", re.I),
    re.compile(r"^\s*(a\s+)?(module|component|service|helper|utility|system)\.?\s*$", re.I),
)
MIN_PURPOSE_WORDS = 4

# What a purpose says about the kind of component it describes.
_TYPE_WORDS: dict[str, tuple[str, ...]] = {
    "DataStore": ("store", "stores", "persist", "database", "table", "cache", "saves", "records", "holds"),
    "UIComponent": ("page", "screen", "display", "displays", "render", "renders", "button", "form", "view"),
    "API": ("endpoint", "endpoints", "http", "rest", "request", "requests", "exposes", "route"),
}
# A purpose relying on a capability; the type that provides it.
_NEEDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "DataStore",
        (
            "stored in",
            "saved in",
            "read from the",
            "loaded from",
            "persisted",
            "from storage",
            "from the database",
        ),
    ),
    ("API", ("through the api", "via the api", "calls the api", "api endpoint")),
    ("UIComponent", ("on the dashboard", "in the ui", "on the page", "on screen", "to the user interface")),
)


def _stem(word: str) -> str:
    """A crude singular: enough to match "recipes" with "Recipe" and "RecipeStore"."""
    word = word.lower().strip("'-")
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("ses", "xes", "ches", "shes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith(("ss", "us", "is")) and len(word) > 3:
        return word[:-1]
    return word


def name_words(name: str) -> list[str]:
    """PascalCase split into lower-case words: "RecipeStore" -> ["recipe", "store"]."""
    return [w.lower() for w in re.findall(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])", name)]


def idea_entities(idea: str) -> list[str]:
    """The things a rough idea names, singular and in order of appearance (all of them:
    a finding never leaves one out)."""
    found: list[str] = []
    for sentence in re.split(r"[.;:!?,()\n]+", idea):
        words = _WORD.findall(sentence)
        i = 0
        while i < len(words):
            word = words[i].lower()
            if word in _DETERMINERS:
                j = i + 1
                while j < len(words) and j - i <= 2 and words[j].lower() not in _STOP:
                    j += 1
                heads = [w for w in words[i + 1 : j] if w.lower() not in _ADJECTIVES]
                if heads:
                    found.append(_stem(heads[-1]))
                i = max(j, i + 1)
                continue
            if len(word) > 3 and word not in _STOP | _ADJECTIVES and _stem(word) != word:
                found.append(_stem(word))  # a plural: "users", "recipes"
            i += 1
    skip = _STOP | _ADJECTIVES | _SYSTEM
    unique = [w for k, w in enumerate(found) if w not in found[:k] and len(w) > 2 and w not in skip]
    return unique


def _covers(parts: Sequence[Part], entity: str) -> bool:
    for part in parts:
        words = {_stem(w) for w in name_words(part.name)} | {_stem(w) for w in _WORD.findall(part.purpose)}
        if entity in words:
            return True
    return False


def completeness(idea: str, parts: Sequence[Part]) -> list[Finding]:
    missing = [e for e in idea_entities(idea) if not _covers(parts, e)]
    if not missing:
        return []
    if len(missing) == 1:
        text = f'The idea names "{missing[0]}", but no component\'s name or purpose covers it.'
    else:
        listed = ", ".join(f'"{m}"' for m in missing[:-1]) + f' and "{missing[-1]}"'
        text = f"The idea names {listed}, but no component's name or purpose covers them."
    return [Finding("completeness", text)]


def consistency(parts: Sequence[Part]) -> list[Finding]:
    names = {p.name for p in parts}
    types = {p.type for p in parts}
    findings: list[Finding] = []
    for part in parts:
        purpose = part.purpose.lower()
        for ref in re.findall(r"\b[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+\b", part.purpose):
            if ref not in names:
                text = f"{part.name} relies on {ref}, which is not a component."
                findings.append(Finding("consistency", text))
        for provider, phrases in _NEEDS:
            if provider not in types and any(p in purpose for p in phrases):
                findings.append(
                    Finding(
                        "consistency",
                        f"{part.name} needs a {provider} (its purpose says so), but none is defined.",
                    )
                )
    return findings


def ambiguity(parts: Sequence[Part]) -> list[Finding]:
    findings: list[Finding] = []
    named: dict[str, int] = {}
    for part in parts:
        named[part.name.lower()] = named.get(part.name.lower(), 0) + 1
    reported: set[str] = set()
    for part in parts:
        key = part.name.lower()
        if named[key] > 1 and key not in reported:
            reported.add(key)
            findings.append(Finding("ambiguity", f"{_count(named[key])} components are named {part.name}."))
        words = _WORD.findall(part.purpose)
        if len(words) < MIN_PURPOSE_WORDS or any(p.search(part.purpose) for p in _VAGUE_PURPOSES):
            findings.append(
                Finding("ambiguity", f'{part.name}: the purpose "{part.purpose.strip()}" is too vague.')
            )
            continue
        lowered = {w.lower() for w in words}
        suggested = [t for t, hints in _TYPE_WORDS.items() if lowered & set(hints)]
        if suggested and part.type not in suggested and part.type in ("DataStore", "UIComponent", "API"):
            findings.append(
                Finding(
                    "ambiguity",
                    f"{part.name} is typed {part.type}, but its purpose reads like a {suggested[0]}.",
                )
            )
    return findings


_NUMBERS = ("Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten")


def _count(n: int) -> str:
    return _NUMBERS[n - 2] if 2 <= n < 2 + len(_NUMBERS) else str(n)


def review(idea: str, parts: Sequence[Part]) -> list[Finding]:
    """Every finding on a draft: completeness, then consistency, then ambiguity; a
    finding repeated (three components alike) is said once."""
    found = [*completeness(idea, parts), *consistency(parts), *ambiguity(parts)]
    return [f for i, f in enumerate(found) if f not in found[:i]]


def rationale_references(rationale: str, index: int) -> bool:
    """Whether `rationale` names challenge `index`: "2:", "2.", "2)", "#2" or
    "challenge 2", the number not part of a longer one."""
    n = str(index)
    pattern = rf"(?<![\d.])(?:#{n}(?!\d)|{n}\s*[:.)](?!\d)|challenge\s+{n}(?!\d))"
    return re.search(pattern, rationale, re.IGNORECASE) is not None


def design_problems(names: Iterable[str], rationale: str, challenge_ids: Iterable[int]) -> list[str]:
    """What breaks the Architect's rules, as lines the Architect is shown on its re-prompt."""
    problems = [
        f'component name "{n}" is not PascalCase (e.g. words joined, each capitalised)'
        for n in names
        if not PASCAL_CASE.match(n)
    ]
    skipped = [i for i in challenge_ids if not rationale_references(rationale, i)]
    if skipped:
        listed = ", ".join(str(i) for i in skipped)
        problems.append(
            f'design_rationale does not address challenge {listed} by its index (write "{skipped[0]}: ...")'
        )
    return problems
