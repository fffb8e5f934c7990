"""Firefox (Debian's firefox-esr, driven over WebDriver BiDi by puppeteer-core from Node.js:
tools/bidi_driver.mjs) boots the app, plays each game against a bot, resumes after a reload, is
controlled by the service worker, starts offline, with a clean console (engine_smoke.py)."""

from __future__ import annotations

import pytest
from engine_smoke import Smoke, run_smoke

from tools.engines import FirefoxPage, engines_missing, find_firefox

pytestmark = pytest.mark.browser


class Page(Smoke, FirefoxPage):
    pass


@pytest.fixture(scope="module")
def firefox():
    missing = engines_missing().get("firefox")
    if missing:
        pytest.skip(missing)
    page = Page(find_firefox())
    yield page
    page.close()


def test_firefox_boots_plays_resumes_and_starts_offline(firefox, site, serve_dir):
    served = serve_dir(site.path)

    def stop_server():
        served.server.shutdown()
        served.server.server_close()

    assert firefox.version.startswith("firefox/")
    run_smoke(firefox, served.url, stop_server)
