"""Your own copy of the lessons: what ``make lab`` opens, so that running them never changes the kit.

JupyterLab saves a notebook while you work in it (autosave, every two minutes, and Ctrl+S): new outputs,
new execution counts, the views of widgets that only lived in the running kernel.  Saved into the kit's
``notebooks/``, that makes ``git status`` dirty, fails the notebook tests (nbval compares the stored
outputs) and, on reopening, shows "model not found" where a widget was.  So ``make lab`` does not open
``notebooks/``: it first brings a working copy up to date (``my-notebooks/`` next to it, which git
ignores) and opens that.  Run, edit and save there as you like; ``notebooks/`` stays as the kit ships it.

Bringing the copy up to date (:func:`sync`), file by file:

* a lesson you do not have yet is copied;
* a lesson the kit changed since it was copied (a ``git pull``) replaces your copy -- unless you edited
  its text (a cell's source), in which case your copy stays and :func:`sync` says so (delete your copy
  and run ``make lab`` again to take the kit's version).  Outputs do not count as edits: running a
  notebook changes them every time;
* a file ``make lab`` did not put there (your own notebooks) is never touched.

``.kit-lessons.json`` in the copy remembers what was copied.  :func:`strip_widget_views` is the Lab
server's pre-save hook (``make lab`` passes it): it drops widget views and saved widget state from every
notebook the server saves, so a reopened notebook shows nothing where a widget was, not an error.

    python -m gamekit.lessons notebooks my-notebooks     # what `make lab` runs first
"""
from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import sys
from pathlib import Path
from typing import Any

MANIFEST = ".kit-lessons.json"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
SKIPPED_DIRS = {".ipynb_checkpoints", "__pycache__"}


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def text_fingerprint(path: Path) -> str:
    """What a person wrote in ``path``: a notebook's cells (type and source), any other file's bytes.
    Outputs, execution counts and metadata are left out: running a notebook does not edit it."""
    data = path.read_bytes()
    if path.suffix != ".ipynb":
        return _sha(data)
    try:
        cells = json.loads(data.decode("utf-8")).get("cells", [])
        text = [(c.get("cell_type"), "".join(c.get("source", ""))) for c in cells]
    except (ValueError, AttributeError):  # not a notebook we can read: compare the bytes
        return _sha(data)
    return _sha(json.dumps(text).encode("utf-8"))


def lesson_files(source: Path) -> list[Path]:
    """The files of ``source`` a copy holds, relative to it (checkpoints and caches left out)."""
    return sorted(p.relative_to(source) for p in source.rglob("*")
                  if p.is_file() and not SKIPPED_DIRS & set(p.relative_to(source).parts[:-1]))


def sync(source: Path, target: Path) -> list[str]:
    """Bring the working copy ``target`` up to date with the kit's lessons in ``source`` (rules in the
    module's docstring); return one line per file copied, updated or kept despite a newer kit version."""
    source, target = Path(source), Path(target)
    if source.resolve() == target.resolve():
        raise ValueError("the working copy must not be the kit's notebooks/ folder itself")
    target.mkdir(parents=True, exist_ok=True)
    manifest_path = target / MANIFEST
    manifest: dict[str, Any] = json.loads(manifest_path.read_text()) if manifest_path.is_file() else {}
    report = []
    for rel in lesson_files(source):
        name, kit, mine = rel.as_posix(), source / rel, target / rel
        kit_sha = _sha(kit.read_bytes())
        known = manifest.get(name)
        if not mine.exists():
            action = "copied"
        elif known is None:
            continue  # a file of the same name that make lab did not put there: yours
        elif known["kit"] == kit_sha:
            continue  # the kit's version has not changed since it was copied
        elif text_fingerprint(mine) == known["text"]:
            action = "updated (the kit's version changed; you had not edited it)"
        else:
            report.append(f"{name}: kept your edited copy; the kit's version changed (to take it, delete "
                          f"{target.name}/{name} and run make lab again)")
            continue
        mine.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(kit, mine)
        manifest[name] = {"kit": kit_sha, "text": text_fingerprint(mine)}
        report.append(f"{name}: {action}")
    manifest_path.write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n")
    return report


def strip_widget_views(model: dict[str, Any], **_: Any) -> None:
    """Jupyter server pre-save hook: drop widget views and saved widget state from a notebook model.

    A widget view names a model that lives only in the running kernel; saved, it shows as "model not
    found" when the notebook is reopened.  Every other output (text, tables, pictures) is kept.
    """
    if model.get("type") != "notebook" or not isinstance(model.get("content"), dict):
        return
    nb = model["content"]
    nb.get("metadata", {}).pop("widgets", None)
    for cell in nb.get("cells", []):
        if cell.get("cell_type") == "code":
            cell["outputs"] = [out for out in cell.get("outputs", []) if WIDGET_VIEW not in out.get("data", {})]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Bring your working copy of the lessons up to date.")
    parser.add_argument("source", type=Path, help="the kit's lessons (notebooks/)")
    parser.add_argument("target", type=Path, help="your working copy (my-notebooks/)")
    args = parser.parse_args(argv)
    for line in sync(args.source, args.target):
        print(f"{args.target.name}/{line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
