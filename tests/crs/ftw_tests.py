"""Reads go-ftw YAML regression tests (the CRS format) and the platform overrides file.

A test file holds `rule_id` and `tests`, each test `test_id` and `stages`, each stage `input`
and `output`. Overrides replace a test's expected output (httpd-overrides.yaml lists the two
tests that need settings the CRS container does not make).
"""

import os
import re
from dataclasses import dataclass, field

import yaml


@dataclass
class Stage:
    input: dict
    output: dict


@dataclass
class Case:
    file: str      # the YAML file, relative to the tests directory
    rule_id: int
    test_id: int
    stages: list = field(default_factory=list)

    @property
    def title(self):
        return f"{self.rule_id}-{self.test_id}"


def load_file(path, root):
    with open(path, encoding="utf-8") as f:
        doc = yaml.safe_load(f)
    if not isinstance(doc, dict):
        return []  # an empty file
    rule_id = int(doc.get("rule_id") or 0)
    cases = []
    for position, test in enumerate(doc.get("tests") or [], start=1):
        test_id = int(test.get("test_id") or position)  # go-ftw infers a missing id
        stages = []
        for stage in test.get("stages") or []:
            if "stage" in stage:  # the old, nested layout
                stage = stage["stage"]
            stages.append(Stage(stage.get("input") or {}, stage.get("output") or {}))
        cases.append(Case(os.path.relpath(path, root), rule_id, test_id, stages))
    return cases


def load_tree(root, include=None):
    """Every case under root (sorted by file), optionally only titles matching `include`."""
    pattern = re.compile(include) if include else None
    cases = []
    for dirpath, _, filenames in os.walk(root):
        for name in sorted(filenames):
            if name.endswith((".yaml", ".yml")):
                cases += load_file(os.path.join(dirpath, name), root)
    cases.sort(key=lambda c: (c.file, c.test_id))
    if pattern:
        cases = [c for c in cases if pattern.search(c.title)]
    return cases


def load_overrides(path):
    """{(rule_id, test_id): output} from a go-ftw platform overrides file."""
    if not path:
        return {}
    with open(path, encoding="utf-8") as f:
        doc = yaml.safe_load(f) or {}
    out = {}
    for o in doc.get("test_overrides") or []:
        for test_id in o.get("test_ids") or []:
            out[(int(o["rule_id"]), int(test_id))] = o.get("output") or {}
    return out


def apply_overrides(cases, overrides):
    for case in cases:
        output = overrides.get((case.rule_id, case.test_id))
        if output is not None:
            for stage in case.stages:
                stage.output = output
    return cases
