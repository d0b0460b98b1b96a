"""The kernels of ``make voila`` (the hot-seat dashboard): ended when their page has gone, and capped in number.

Voila starts a Jupyter kernel per page and cannot always end it when the page closes (a closed tab's shutdown
request is refused: Voila's open issue 1458), so kernels pile up.  ``make voila`` therefore runs Voila with
jupyter_server's culler (a kernel with no page connected and idle for a minute is shut down) and with this kernel
manager, which refuses a new page (HTTP 503, "too many pages open") while :attr:`CappedKernelManager.max_kernels`
kernels run.  The classroom tables do not use Voila at all (:mod:`gamekit.tables.web`).
"""
from __future__ import annotations

from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import web
from traitlets import Integer


class CappedKernelManager(AsyncMappingKernelManager):
    """A Voila kernel manager that runs at most ``max_kernels`` kernels at once."""

    max_kernels = Integer(12, config=True, help="The most kernels (open dashboard pages) at once.")

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]  # (async, as its base)
        if len(self.list_kernel_ids()) >= self.max_kernels:
            raise web.HTTPError(503, f"Too many pages open ({self.max_kernels}): close one, then reload this one.")
        return await super().start_kernel(*args, **kwargs)
