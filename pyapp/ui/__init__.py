"""Browser side of Caldera Park (runs in Pyodide through PyScript).

``main.main()`` is the page's entry (called from index.html); it draws the first screen with
``app.start(root)`` and tells the boot screen (static/js/boot.js) that the app is ready.
Modules that touch the DOM import ``js``/``pyodide``; pure helpers (``parkview``) do not, so the
tests can run them on CPython.
"""
