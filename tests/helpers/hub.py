"""The hub in tests: what a browser sends with a page's form (`form_fields`, `hidden`), a player's
link and a form sent from it (`link`, `send`, `said`), a click waited on (`sent_from`)."""

from __future__ import annotations

import html
import re

from starlette.testclient import TestClient  # noqa: E402

from helpers.shell import Shell


def form_fields(page: str, action: str, **fields: str) -> dict[str, str]:
    """What a browser sends with the page's form for `action`: its hidden fields (the one-time
    token, `shown`: what the form showed, an organiser's `for`) and `fields`. Where the page
    has several forms for `action`, the one that offers `fields`' choice (and is for their
    `for`)."""
    import html

    forms = re.findall(rf'<form[^>]*action="/a/[^/"]+/{action}">(.*?)</form>', page, re.S)
    choice, whom = fields.get("choice"), fields.get("for")

    def offers(form: str) -> bool:
        typed = 'type="text" name="choice"' in form  # a choice typed, not picked
        picked = choice is None or typed or f'value="{html.escape(choice)}"' in form
        return picked and (whom is None or f'name="for" value="{html.escape(whom)}"' in form)

    matching = [form for form in forms if offers(form)]
    chosen = (matching or forms or [""])[0]
    hidden = {
        k: html.unescape(v)
        for k, v in re.findall(r'type="hidden" name="(\w+)" value="([^"]*)"', chosen)
    }
    token = re.search(r'name="csrf" value="([0-9a-f.]+)"', page)
    return {**({"csrf": token.group(1)} if token else {}), **hidden, **fields}


def sent_from(browser, button) -> None:
    """Click `button` and wait for the answer's page to be loaded: the page sent from is marked,
    and the wait ends when a loaded page without the mark is there (a check that fails while
    the browser swaps pages is tried again)."""
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.support.ui import WebDriverWait

    browser.execute_script("document.body.dataset.sentFrom = 'yes'")
    button.click()

    def answered(driver) -> bool:
        try:
            return driver.execute_script(
                "return document.readyState === 'complete' && document.body !== null"
                " && document.body.dataset.sentFrom === undefined"
            )
        except WebDriverException:
            return False

    WebDriverWait(browser, 10).until(answered)


def hidden(page: str, action: str) -> dict[str, str]:
    """The hidden fields of the page's form for `action` (its token, what it was drawn with)."""
    form = re.search(rf'action="/a/[^/"]+/{action}">(.*?)</form>', page, re.S).group(1)
    return {
        k: html.unescape(v)
        for k, v in re.findall(r'type="hidden" name="(\w+)" value="([^"]*)"', form)
    }


MESSAGE = re.compile(r'id="message">([^<]*)<')


def link(shell: Shell, who: str) -> str:
    return "/a/" + re.search(r"/a/(\S+)", shell.ok("invite", who).stdout).group(1)


def send(client: TestClient, personal: str, action: str, /, **fields: str):
    """A form of the link's page sent as a browser sends it (`conftest.form_fields`: its
    one-time token, what it showed)."""
    page = client.get(personal).text
    return client.post(f"{personal}/{action}", data=form_fields(page, action, **fields))


def said(page: str) -> str:
    found = MESSAGE.search(page)
    return found.group(1) if found else ""
