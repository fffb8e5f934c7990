"""WebKit (WebKitGTK's MiniBrowser, Debian's webkit2gtk-driver, on an Xvfb display; driven
with Selenium's WebKitGTK driver: tools/engines.py) boots the app, plays each game against a
bot, resumes after a reload, is controlled by the service worker, starts offline, with a clean
console (engine_smoke.py). Console errors and warnings are watched from inside the page from
each load's ready on (WebKitWebDriver offers no BiDi); an error before ready shows the boot's
error screen, which the test reports."""

from __future__ import annotations

import pytest
from engine_smoke import Smoke, run_smoke

from tools.engines import WebKitPage, engines_missing, open_webkit

pytestmark = [
    pytest.mark.browser,
    # Selenium's own use of its deprecated RemoteConnection argument
    pytest.mark.filterwarnings("ignore:setting remote_server_addr:DeprecationWarning"),
]


class Page(Smoke, WebKitPage):
    pass


@pytest.fixture(scope="module")
def webkit():
    missing = engines_missing().get("webkit")
    if missing:
        pytest.skip(missing)
    with open_webkit(page_class=Page) as page:
        yield page


def test_webkit_boots_plays_resumes_and_starts_offline(webkit, site, serve_dir):
    served = serve_dir(site.path)

    def stop_server():
        served.server.shutdown()
        served.server.server_close()

    assert webkit.version
    run_smoke(webkit, served.url, stop_server)
