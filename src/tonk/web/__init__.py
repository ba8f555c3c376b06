"""``tonk serve``: Tonk in the browser, on the table protocol, with SQLite.

- :mod:`tonk.web.store`: the database (standard library only).
- :mod:`tonk.web.tables`: the tables, their bots, connections and limits
  (standard library only).
- :mod:`tonk.web.app`: the ASGI application, :func:`tonk.web.app.create_app`
  (needs the ``web`` extra: ``pip install 'tonk[web]'``).
- ``tonk/web/static/``: the lobby's and the table's HTML, CSS and JavaScript.

See ``docs/server.md``.

.. versionadded:: 0.2.0
"""
