"""gamekit.lessons: the working copy `make lab` opens, and the pre-save hook that drops widget views."""
from __future__ import annotations

import json
from pathlib import Path

import nbformat
import pytest

from gamekit.lessons import MANIFEST, WIDGET_VIEW, strip_widget_views, sync

WIDGET_OUTPUT = {"output_type": "display_data", "metadata": {},
                 "data": {WIDGET_VIEW: {"model_id": "abc", "version_major": 2, "version_minor": 0},
                          "text/plain": "VBox(children=...)"}}


def lesson(path: Path, *sources: str, output: str | None = None) -> None:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell("# A lesson")] + [nbformat.v4.new_code_cell(s) for s in sources]
    if output is not None:
        nb.cells[-1].outputs = [nbformat.v4.new_output("stream", name="stdout", text=output)]
        nb.cells[-1].execution_count = 1
    nbformat.write(nb, path)


def edit_source(path: Path, source: str) -> None:
    nb = nbformat.read(path, as_version=4)
    nb.cells[-1].source = source
    nbformat.write(nb, path)


@pytest.fixture
def kit(tmp_path) -> Path:
    folder = tmp_path / "notebooks"
    folder.mkdir()
    lesson(folder / "00_start.ipynb", "print(1)", output="1\n")
    lesson(folder / "10_dice.ipynb", "print(2)")
    (folder / "README.md").write_text("Start with 00.\n")
    (folder / ".ipynb_checkpoints").mkdir()
    (folder / ".ipynb_checkpoints" / "00_start-checkpoint.ipynb").write_text("{}")
    return folder


def test_the_first_sync_copies_every_lesson_and_nothing_else(kit, tmp_path):
    mine = tmp_path / "my-notebooks"
    report = sync(kit, mine)
    assert sorted(report) == ["00_start.ipynb: copied", "10_dice.ipynb: copied", "README.md: copied"]
    for name in ("00_start.ipynb", "10_dice.ipynb", "README.md"):
        assert (mine / name).read_bytes() == (kit / name).read_bytes()
    assert not (mine / ".ipynb_checkpoints").exists()
    assert set(json.loads((mine / MANIFEST).read_text())) == {"00_start.ipynb", "10_dice.ipynb", "README.md"}
    assert sync(kit, mine) == []  # nothing changed: nothing to do


def test_running_a_lesson_is_not_an_edit_so_a_new_kit_version_replaces_it(kit, tmp_path):
    mine = tmp_path / "my-notebooks"
    sync(kit, mine)
    lesson(mine / "00_start.ipynb", "print(1)", output="1\n1\n")  # re-run in Lab: other outputs, same text
    lesson(kit / "00_start.ipynb", "print(1)", "print('new')")  # the kit's lesson changes (git pull)
    assert sync(kit, mine) == ["00_start.ipynb: updated (the kit's version changed; you had not edited it)"]
    assert (mine / "00_start.ipynb").read_bytes() == (kit / "00_start.ipynb").read_bytes()


def test_an_edited_lesson_is_kept_and_the_sync_says_so(kit, tmp_path):
    mine = tmp_path / "my-notebooks"
    sync(kit, mine)
    edit_source(mine / "10_dice.ipynb", "print('my own example')")
    assert sync(kit, mine) == []  # the kit did not change: the edit simply stays
    lesson(kit / "10_dice.ipynb", "print(3)")
    (report,) = sync(kit, mine)
    assert report.startswith("10_dice.ipynb: kept your edited copy")
    assert "my own example" in (mine / "10_dice.ipynb").read_text()
    (mine / "10_dice.ipynb").unlink()  # what the message says to do to take the kit's version
    assert sync(kit, mine) == ["10_dice.ipynb: copied"]
    assert (mine / "10_dice.ipynb").read_bytes() == (kit / "10_dice.ipynb").read_bytes()


def test_files_the_sync_did_not_make_are_never_touched(kit, tmp_path):
    mine = tmp_path / "my-notebooks"
    mine.mkdir()
    (mine / "10_dice.ipynb").write_text("my own notebook of the same name")
    (mine / "homework.ipynb").write_text("mine")
    assert sorted(sync(kit, mine)) == ["00_start.ipynb: copied", "README.md: copied"]
    assert (mine / "10_dice.ipynb").read_text() == "my own notebook of the same name"
    assert (mine / "homework.ipynb").read_text() == "mine"


def test_the_translated_lessons_in_their_language_folders_are_copied_and_updated_too(kit, tmp_path):
    """notebooks/da/, notebooks/de/ (issue 27): the copy has the same folders, kept up to date file by file."""
    (kit / "da").mkdir()
    lesson(kit / "da" / "00_start.ipynb", "print(1)")
    mine = tmp_path / "my-notebooks"
    assert "da/00_start.ipynb: copied" in sync(kit, mine)
    lesson(kit / "da" / "00_start.ipynb", "print('ny')")
    assert sync(kit, mine) == ["da/00_start.ipynb: updated (the kit's version changed; you had not edited it)"]
    assert (mine / "da" / "00_start.ipynb").read_bytes() == (kit / "da" / "00_start.ipynb").read_bytes()


def test_the_copy_may_not_be_the_kits_folder(kit):
    with pytest.raises(ValueError):
        sync(kit, kit)


def test_the_pre_save_hook_drops_widget_views_and_state_and_keeps_the_rest():
    stream = {"output_type": "stream", "name": "stdout", "text": "a value\n"}
    model = {"type": "notebook", "content": {
        "metadata": {"widgets": {"application/vnd.jupyter.widget-state+json": {"state": {}}}, "kernelspec": {}},
        "cells": [{"cell_type": "code", "source": "dice", "outputs": [WIDGET_OUTPUT, stream]},
                  {"cell_type": "markdown", "source": "text"}]}}
    strip_widget_views(model, path="x.ipynb", contents_manager=None)
    assert model["content"]["metadata"] == {"kernelspec": {}}
    assert model["content"]["cells"][0]["outputs"] == [stream]
    other = {"type": "file", "content": "plain text"}
    strip_widget_views(other)
    assert other == {"type": "file", "content": "plain text"}
