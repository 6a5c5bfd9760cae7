"""Issue #50, "Legibility": the standalone HTML report (`campaign report --format html`, the page an
organiser attaches or uploads) on a phone, in a real browser (Debian's Chromium, driven by
Selenium). It was 610 pixels wide in a window 360 wide: the audit's chain head and the
checkpoint do not wrap. Every kind's finished demo report now fits 360 pixels, and every name
in it reads at WCAG's 4.5:1 as the browser computes its colours."""

from __future__ import annotations

import pytest
from helpers.shell import Script, Shell

from campaign.domain.registry import PACKAGES

webdriver = pytest.importorskip("selenium.webdriver", reason="selenium comes with the tests")

PHONE = 360


@pytest.fixture(scope="module")
def browser(browser):
    """Chromium at a phone's width."""
    browser.set_window_size(PHONE, 800)
    return browser


@pytest.fixture(scope="module", params=list(PACKAGES))
def report(request, tmp_path_factory):
    """A kind's demo played to its end, its last report written as a page; and the report's
    data (its players' colours)."""
    folder = tmp_path_factory.mktemp(request.param)
    shell = Shell(folder / "demo.sqlite")
    shell.play(Script(request.param).steps)
    page = folder / "report.html"
    shell.ok("report", "--format", "html", "-o", str(page))
    return page, shell.json("report")


def test_50_every_kinds_html_report_fits_a_phone_360_pixels_wide(report, browser):
    """Issue #50: no horizontal scrolling at 360 pixels (the page's scroll width, measured as
    the hub's pages are, at most the window's); the checkpoint's hash is on the page whole."""
    page, data = report
    browser.get(page.as_uri())
    assert browser.execute_script("return window.innerWidth") == PHONE
    wide = browser.execute_script("return document.documentElement.scrollWidth")
    assert wide <= PHONE
    text = browser.execute_script("return document.body.innerText").replace("\n", "")
    assert data["chain_head"] in text


LUMINANCE = """
const channel = c => { c /= 255; return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
const luminance = rgb => {
  const [r, g, b] = rgb.match(/\\d+(\\.\\d+)?/g).slice(0, 3).map(Number).map(channel);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const paper = element => {
  for (let at = element; at; at = at.parentElement) {
    const colour = getComputedStyle(at).backgroundColor;
    if (colour !== 'rgba(0, 0, 0, 0)' && colour !== 'transparent') return colour;
  }
  return 'rgb(255, 255, 255)';
};
return [...document.querySelectorAll('.player')].map(element => {
  const ink = luminance(getComputedStyle(element).color), back = luminance(paper(element));
  const swatch = element.querySelector('.swatch');
  return [element.innerText.trim(), (Math.max(ink, back) + 0.05) / (Math.min(ink, back) + 0.05),
          swatch ? getComputedStyle(swatch).backgroundColor : null];
});
"""


def rgb(hex_colour: str) -> str:
    r, g, b = (int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    return f"rgb({r}, {g}, {b})"


def test_50_every_name_reads_at_4_5_to_1_beside_a_swatch_of_its_colour(report, browser):
    """Issue #50, WCAG 2.1 SC 1.4.3: each name the report marks, its colour and background as
    Chromium computes them, at least 4.5:1; the player's own colour is the swatch's."""
    page, data = report
    browser.get(page.as_uri())
    names = browser.execute_script(LUMINANCE)
    assert [(name, ratio) for name, ratio, _ in names if ratio < 4.5] == []
    assert all(swatch == rgb(data["players"][name]) for name, _, swatch in names)
