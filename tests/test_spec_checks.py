"""The spec workflow's pure checks: the Reviewer's completeness, consistency and
ambiguity findings and the Architect's rules, on plain values (no model)."""

from __future__ import annotations

from devagent.workflows.spec.checks import (
    Part,
    ambiguity,
    completeness,
    consistency,
    design_problems,
    idea_entities,
    rationale_references,
    review,
)

IDEA = "A web app where users upload recipes and share them with friends; a nightly job emails a digest."


def test_idea_entities_are_the_nouns_the_idea_names() -> None:
    assert idea_entities(IDEA) == ["user", "recipe", "friend", "job", "email", "digest"]


def test_completeness_names_entities_no_component_covers() -> None:
    parts = [
        Part(
            "RecipeStore", "DataStore", "Stores each recipe with its author and the users it is shared with."
        ),
        Part("WebApp", "UIComponent", "Pages where a user uploads a recipe and shares it."),
    ]
    (finding,) = completeness(IDEA, parts)
    assert finding.category == "completeness"
    assert finding.description == (
        'The idea names "friend", "job", "email" and "digest", '
        "but no component's name or purpose covers them."
    )
    covered = [*parts, Part("DigestJob", "Agent", "Emails every friend a nightly digest of new recipes.")]
    assert completeness(IDEA, covered) == []


def test_consistency_flags_a_purpose_relying_on_an_undefined_component() -> None:
    parts = [
        Part("Uploader", "API", "Accepts recipe uploads and hands them to RecipeStore for saving."),
        Part("Digest", "Agent", "Builds the digest from recipes stored in the database every night."),
    ]
    assert [f.description for f in consistency(parts)] == [
        "Uploader relies on RecipeStore, which is not a component.",
        "Digest needs a DataStore (its purpose says so), but none is defined.",
    ]
    fixed = [*parts, Part("RecipeStore", "DataStore", "Persists recipes in a database table.")]
    assert consistency(fixed) == []


def test_ambiguity_flags_vague_purposes_misfit_types_and_duplicates() -> None:
    parts = [
        Part("Core", "Subsystem", "Process data"),
        Part("Helper", "Utility", "Module"),
        Part("RecipePage", "DataStore", "Renders the recipe page with its photo and steps."),
        Part("Mailer", "Agent", "Sends the nightly digest email to each friend."),
        Part("Mailer", "Agent", "Retries digest emails that bounced once."),
    ]
    assert [f.description for f in ambiguity(parts)] == [
        'Core: the purpose "Process data" is too vague.',
        'Helper: the purpose "Module" is too vague.',
        "RecipePage is typed DataStore, but its purpose reads like a UIComponent.",
        "Two components are named Mailer.",
    ]
    assert all(f.category == "ambiguity" for f in ambiguity(parts))
    # Alike components make alike findings: the review says each once, with the count.
    clones = [Part("Dashboard", "DataStore", "Dashboard")] * 5
    assert [f.description for f in review("", clones)] == [
        "Five components are named Dashboard.",
        'Dashboard: the purpose "Dashboard" is too vague.',
    ]


def test_review_orders_findings_by_category_and_a_good_draft_has_none() -> None:
    idea = "A tool that stores notes and shows them on a page."
    good = [
        Part("NoteStore", "DataStore", "Stores each note with its title and text in a table."),
        Part("NotePage", "UIComponent", "Displays the stored notes on one page, newest first."),
    ]
    assert review(idea, good) == []
    bad = [Part("Thing", "Subsystem", "handles stuff")]
    assert [f.category for f in review(idea, bad)] == ["completeness", "ambiguity"]


def test_rationale_must_name_each_challenge_by_its_index() -> None:
    assert rationale_references("1: added a store; 2: renamed the page", 2)
    assert rationale_references("Challenge 3 is fixed by NoteStore.", 3)
    assert rationale_references("#1 done", 1)
    assert not rationale_references("12: split the store", 1)
    assert not rationale_references("version 1.5 of the API", 1)
    assert design_problems(["NoteStore"], "1: added NoteStore", [1, 2]) == [
        'design_rationale does not address challenge 2 by its index (write "2: ...")'
    ]
    assert design_problems(["noteStore", "Note_Store"], "", []) == [
        'component name "noteStore" is not PascalCase (e.g. words joined, each capitalised)',
        'component name "Note_Store" is not PascalCase (e.g. words joined, each capitalised)',
    ]
    assert design_problems(["NoteStore", "UI"], "", []) == [
        'component name "UI" is not PascalCase (e.g. words joined, each capitalised)'
    ]


def test_completeness_says_it_for_one_entity_and_lists_every_one_of_many() -> None:
    (one,) = completeness(
        "A tool that keeps recipes.", [Part("NotePage", "UIComponent", "Shows notes to a user.")]
    )
    assert one.description == 'The idea names "recipe", but no component\'s name or purpose covers it.'
    idea = "An app for recipes, friends, jobs, emails, digests, photos, comments, ratings, tags and lists."
    (many,) = completeness(idea, [])
    for entity in ("recipe", "friend", "job", "email", "digest", "photo", "comment", "rating", "tag", "list"):
        assert f'"{entity}"' in many.description  # none left out: there is no cap
    assert many.description.endswith('and "list", but no component\'s name or purpose covers them.')
