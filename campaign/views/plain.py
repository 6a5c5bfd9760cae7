"""Rich renderables as plain text, for files and pipes: no colours, no hard wrapping
mid-sentence."""

from __future__ import annotations

import io
from typing import Any

WIDTH = 100


def plain_text(renderable: Any) -> str:
    from rich.console import Console

    buffer = io.StringIO()
    console = Console(
        file=buffer,
        width=WIDTH,
        color_system=None,
        markup=False,
        emoji=False,
        highlight=False,
        soft_wrap=True,
    )
    console.print(renderable)
    return buffer.getvalue()
