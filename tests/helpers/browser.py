"""The tests that look at pages as a person does: headless Chromium (`chromium`, given to every
test as the `browser` fixture of tests/conftest.py) and the hub served on a free port of
127.0.0.1 as `campaign serve` runs it (`served`)."""

from __future__ import annotations

import contextlib
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest


def chromium() -> Iterator[Any]:
    """Headless Chromium through chromium-driver, quit afterwards; the test is skipped, saying
    why, where either is missing."""
    webdriver = pytest.importorskip("selenium.webdriver", reason="selenium comes with the tests")
    binary, driver = shutil.which("chromium"), shutil.which("chromedriver")
    if not (binary and driver):
        pytest.skip("Chromium and chromium-driver are not installed here (.ci/run installs them)")
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage"):
        options.add_argument(flag)
    chrome = webdriver.Chrome(options=options, service=webdriver.ChromeService(driver))
    try:
        yield chrome
    finally:
        chrome.quit()


@contextlib.contextmanager
def served(store: Path | str) -> Iterator[str]:
    """The hub over `store` on a free port of 127.0.0.1, as `campaign serve` runs it: its
    address while the block runs."""
    import uvicorn

    from campaign.web.hub import hub

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(hub(str(store)), port=port, log_level="warning"))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
