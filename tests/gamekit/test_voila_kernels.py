"""``make voila`` (the hot-seat dashboard): kernels without a page are culled, and at most a few run at once."""
from __future__ import annotations

import asyncio
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from tornado import web

from gamekit.voila_kernels import CappedKernelManager

REPO = Path(__file__).resolve().parents[2]


def test_make_voila_culls_kernels_whose_page_has_gone_and_caps_them():
    args = subprocess.run(["make", "-s", "--no-print-directory", "-C", str(REPO), "voila-args"], capture_output=True,
                          text=True, check=True).stdout.split()
    assert "--MappingKernelManager.cull_connected=False" in args
    assert any(a.startswith("--MappingKernelManager.cull_idle_timeout=") and int(a.split("=")[1]) > 0 for a in args)
    assert "--VoilaConfiguration.multi_kernel_manager_class=gamekit.voila_kernels.CappedKernelManager" in args
    assert "--port=8867" in args  # not the classroom server's 8866


def test_a_new_page_past_the_cap_is_refused_with_503(monkeypatch):
    manager = CappedKernelManager(max_kernels=2)
    monkeypatch.setattr(manager, "list_kernel_ids", lambda: ["a", "b"])
    with pytest.raises(web.HTTPError) as refused:  # (in a thread of its own: the test process may run a loop)
        ThreadPoolExecutor(1).submit(asyncio.run, manager.start_kernel()).result()
    assert refused.value.status_code == 503 and "Too many pages" in refused.value.log_message
