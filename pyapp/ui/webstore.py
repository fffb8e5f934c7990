"""The page's services for the shell's features (Pyodide only): localStorage, file download
and upload, persistent-storage requests, the browser's languages, sharing a text, the page's
``storage`` events. ``app.py`` hands ``local_storage()`` and a ``BrowserPlatform`` to the
composition (``composition.compose``).
"""

from __future__ import annotations

import js
from pyodide.ffi import create_proxy, to_js


class JsStorage:
    """``window.localStorage`` with plain Python values: strings or None, never JS null."""

    def __init__(self, ls):
        self.ls = ls

    @property
    def length(self) -> int:
        return int(self.ls.length)

    def key(self, i: int):
        k = self.ls.key(i)
        return k if isinstance(k, str) else None

    def getItem(self, key: str):  # noqa: N802 - the Storage interface's names
        v = self.ls.getItem(key)
        return v if isinstance(v, str) else None

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        self.ls.setItem(key, value)

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.ls.removeItem(key)


def local_storage() -> JsStorage | None:
    """The page's localStorage, or None where the browser refuses it (storage blocked, some
    private modes: even reading ``window.localStorage`` can throw there)."""
    try:
        ls = js.window.localStorage
        if ls is None or not hasattr(ls, "getItem"):
            return None
        store = JsStorage(ls)
        store.length  # noqa: B018 - throws where access is denied
        return store
    except Exception:
        return None


def _options(**kw):
    return to_js(kw, dict_converter=js.Object.fromEntries)


class BrowserPlatform:
    """What the features need from the page; ``redraw`` draws the page again after an
    asynchronous answer (a file read, a share)."""

    def __init__(self, redraw=None):
        self.redraw = redraw
        self.tz_offset_min = -int(js.Date.new().getTimezoneOffset())
        self._keep = []  # proxies alive until their promise settles

    def _then(self, promise, ok, bad) -> None:
        p_ok, p_bad = create_proxy(ok), create_proxy(bad)
        self._keep += [p_ok, p_bad]
        promise.then(p_ok, p_bad)

    def _finisher(self, callback):
        """``callback`` of a share's outcome, then the page redrawn."""

        def finish(how):
            callback(how)
            if self.redraw is not None:
                self.redraw()

        return finish

    def _copy(self, text: str, finish) -> None:
        """``text`` to the clipboard; ``finish`` hears "copied" or "failed"."""
        clip = getattr(js.navigator, "clipboard", None)
        if clip is None or not hasattr(clip, "writeText"):
            finish("failed")
            return
        self._then(clip.writeText(text), lambda _x: finish("copied"), lambda _e: finish("failed"))

    def share(self, text: str, callback, copy_only: bool = False) -> None:
        """Share ``text`` with the Web Share API where the browser has it (not with
        ``copy_only``), else copy it to the clipboard; ``callback`` hears "shared", "cancelled"
        (the person closed the share sheet; nothing is copied), "copied" or "failed", then the
        page redraws. A share that fails otherwise copies the text instead."""
        nav = js.navigator
        finish = self._finisher(callback)

        def copy():
            self._copy(text, finish)

        if not copy_only and hasattr(nav, "share") and hasattr(nav, "canShare"):
            data = to_js({"text": text}, dict_converter=js.Object.fromEntries)
            if nav.canShare(data):
                self._then(
                    nav.share(data), lambda _x: finish("shared"), self._refused(finish, copy)
                )
                return
        copy()

    @staticmethod
    def _refused(finish, copy):
        """What a refused share does: "cancelled" for the person's own ``AbortError``, else the
        copy instead."""

        def refused(err):
            if getattr(err, "name", None) == "AbortError":
                finish("cancelled")
            else:
                copy()

        return refused

    def share_link(self, url: str, title: str, text: str, callback) -> None:
        """Share a link with the Web Share API (its title, a line of text and the URL) where the
        browser has it and accepts that data, else copy the URL to the clipboard.
        ``callback`` hears "shared", "cancelled" (the person closed the share sheet: an
        ``AbortError``; nothing is copied), "copied" or "failed", then the page redraws. A
        share that fails otherwise (refused, no share target) copies the URL instead."""
        nav = js.navigator
        finish = self._finisher(callback)

        def copy():
            self._copy(url, finish)

        refused = self._refused(finish, copy)
        if hasattr(nav, "share"):
            data = _options(title=title, text=text, url=url)
            try:
                able = nav.canShare(data) if hasattr(nav, "canShare") else True
                if able:
                    self._then(nav.share(data), lambda _x: finish("shared"), refused)
                    return
            except Exception:  # a share that throws at once: copy instead
                pass
        copy()

    def set_document_language(self, lang: str) -> None:
        """The page's ``<html lang>`` (screen readers, hyphenation) follows the language."""
        js.document.documentElement.setAttribute("lang", lang)

    def watch_storage(self, callback) -> None:
        """``callback(key)`` on each ``storage`` event of localStorage: another tab or window of
        the origin changed ``key`` (None when it cleared the storage)."""

        def on_event(event):
            key = event.key
            callback(key if isinstance(key, str) else None)

        proxy = create_proxy(on_event)
        self._keep.append(proxy)
        js.window.addEventListener("storage", proxy)

    def play_sounds(self, kinds: list[str], vibrate_ms: int = 0) -> None:
        """Hand the sounds of a change to the page (static/js/sound.js): it schedules them
        with Web Audio and returns at once (nothing before the person's first tap or key)."""
        sound = getattr(js.window, "CalderaSound", None)
        if sound is not None:
            sound.play(",".join(kinds), int(vibrate_ms))

    def languages(self) -> list[str]:
        nav = js.navigator
        try:
            langs = [str(x) for x in nav.languages]
        except Exception:
            langs = []
        lang = getattr(nav, "language", None)
        if isinstance(lang, str) and lang not in langs:
            langs.append(lang)
        return langs

    def download(self, filename: str, text: str, mime: str) -> None:
        """Save ``text`` as a file through a Blob URL and an ``<a download>``."""
        blob = js.Blob.new(to_js([text]), _options(type=mime))
        url = js.URL.createObjectURL(blob)
        a = js.document.createElement("a")
        a.href = url
        a.download = filename
        a.style.display = "none"
        js.document.body.appendChild(a)
        a.click()
        a.remove()
        js.setTimeout(create_proxy(lambda: js.URL.revokeObjectURL(url)), 10_000)

    def read_file(self, key: str, callback, max_bytes: int = 2_000_000) -> None:
        """Read the file chosen in the input whose data-key is ``key``; calls
        ``callback(text, size)`` (text None when unreadable or too large), then redraws."""
        el = js.document.querySelector(f'input[type="file"][data-key="{key}"]')
        if el is None or not el.files or el.files.length == 0:
            return
        file = el.files.item(0)
        size = int(file.size)
        el.value = ""  # choosing the same file again fires change again

        def finish(text):
            callback(text, size)
            if self.redraw is not None:
                self.redraw()

        if size > max_bytes:
            finish(None)
            return

        def ok(text):
            finish(text if isinstance(text, str) else None)

        def bad(_err):
            finish(None)

        p_ok, p_bad = create_proxy(ok), create_proxy(bad)
        self._keep += [p_ok, p_bad]
        file.text().then(p_ok, p_bad)

    def request_persist(self, callback) -> None:
        """``navigator.storage.persist()`` where the browser offers it; ``callback(granted)``
        (None when not offered)."""
        storage = getattr(js.navigator, "storage", None)
        if storage is None or not hasattr(storage, "persist"):
            callback(None)
            return

        def ok(granted):
            callback(bool(granted))
            if self.redraw is not None:
                self.redraw()

        def bad(_err):
            callback(None)

        p_ok, p_bad = create_proxy(ok), create_proxy(bad)
        self._keep += [p_ok, p_bad]

        def after_check(already):
            if already:
                ok(True)
            else:
                storage.persist().then(p_ok, p_bad)

        p_check = create_proxy(after_check)
        self._keep.append(p_check)
        storage.persisted().then(p_check, p_bad)
