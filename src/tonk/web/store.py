"""The server's database: tables, seats, every action and the records, in SQLite.

:class:`Store` keeps everything a restarted server needs to resume each table
exactly: the table's creation arguments (rules, seats, seed), a hash of each
human seat's join token, every accepted action in order, and the records of
the hands played. It uses only the standard library's ``sqlite3``.

Each action is committed before the server announces it (:meth:`Store.add_action`
returns only after the commit), so a server killed at any moment loses at most
an action nobody has seen accepted. The database runs in WAL mode with
``synchronous=NORMAL``: a commit survives the server process being killed,
which is what the server promises (a power cut may lose the last commits).

A commit only appends to the write-ahead log. Copying the log into the
database file (a checkpoint, which waits for the disk: ``fsync``) happens on
a thread of the store's own with its own connection, every
:data:`CHECKPOINT_SECONDS`, so that commits seldom wait for the disk: SQLite's
automatic checkpoint would run inside every thousandth page's commit, on the
server's one event loop, and hold up every table for milliseconds. The
thread's checkpoint cannot empty a log that is written all the while, and
only an emptied log starts again from its beginning, so a commit still
checkpoints the log itself once it holds :data:`LOG_PAGES` pages: it then
copies only what came after the thread's last checkpoint, and the log stays
bounded.

Migrations: the ``schema_version`` table holds one row, the schema's version.
Opening a database applies, in order and each in its own transaction, the
steps of :data:`MIGRATIONS` it has not had yet (an empty file starts at
version 0). A change of schema is a new step appended to :data:`MIGRATIONS`,
never an edit of an old one. A database written by a newer server (a version
this code does not know) is refused rather than guessed at.

Examples:
    >>> store = Store(":memory:")
    >>> store.create_table("t1", {"players": 2}, {0: "secret"}, now=1.0)
    >>> store.add_action("t1", 0, {"seat": 0, "notation": "draw stock"}, now=2.0)
    >>> store.actions("t1")
    [{'seat': 0, 'notation': 'draw stock'}]
    >>> store.seat_for_token("t1", "secret"), store.seat_for_token("t1", "guess")
    (0, None)
    >>> store.close()

.. versionadded:: 0.2.0
"""

from __future__ import annotations

import hashlib
import json
import logging
import sqlite3
import threading
from pathlib import Path
from typing import Any

import attrs

from tonk.errors import TonkError

__all__ = [
    "CHECKPOINT_SECONDS",
    "LOG_PAGES",
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "Store",
    "StoreError",
    "TableRow",
]

_log = logging.getLogger("tonk.web")

CHECKPOINT_SECONDS = 1.0
"""How often the store's thread copies the write-ahead log into the database."""

LOG_PAGES = 10_000
"""The log's length, in pages, at which a commit checkpoints it (SQLite's: 1,000)."""

MIGRATIONS: tuple[str, ...] = (
    # 0 -> 1: the first schema.
    """
    CREATE TABLE tables (
        id TEXT PRIMARY KEY,
        config TEXT NOT NULL,
        created REAL NOT NULL,
        touched REAL NOT NULL,
        finished INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE seats (
        table_id TEXT NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        token_hash TEXT NOT NULL UNIQUE,
        PRIMARY KEY (table_id, seat)
    );
    CREATE TABLE actions (
        table_id TEXT NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
        number INTEGER NOT NULL,
        action TEXT NOT NULL,
        PRIMARY KEY (table_id, number)
    );
    CREATE TABLE records (
        table_id TEXT NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
        hand INTEGER NOT NULL,
        json TEXT NOT NULL,
        text TEXT NOT NULL,
        PRIMARY KEY (table_id, hand)
    );
    """,
    # 1 -> 2: joins and leaves between hands (V47).
    """
    CREATE TABLE seating (
        table_id TEXT NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
        number INTEGER NOT NULL,
        change TEXT NOT NULL,
        PRIMARY KEY (table_id, number)
    );
    """,
)
"""The schema's migration steps: step ``i`` takes version ``i`` to ``i + 1``."""

SCHEMA_VERSION = len(MIGRATIONS)
"""The schema version this code writes."""


class StoreError(TonkError, ValueError):
    """A database the server cannot use, or a write that breaks its rules.

    Examples:
        >>> raise StoreError("the database has schema version 9")
        Traceback (most recent call last):
        ...
        tonk.web.store.StoreError: the database has schema version 9

    .. versionadded:: 0.2.0
    """


@attrs.frozen(kw_only=True)
class TableRow:
    """One stored table: its id, creation arguments and times.

    Examples:
        >>> TableRow(id="t1", config={}, created=1.0, touched=1.0, finished=False)
        TableRow(id='t1', config={}, created=1.0, touched=1.0, finished=False)

    .. versionadded:: 0.2.0
    """

    id: str
    config: dict[str, Any]
    created: float
    touched: float
    finished: bool


def _loads(text: str, what: str) -> Any:
    """Return a stored JSON text; :class:`StoreError` if it is not JSON."""
    try:
        return json.loads(text)
    except (TypeError, ValueError) as error:
        raise StoreError(f"the database's {what} is not JSON: {error}") from None


def _hash(token: str) -> str:
    """Return the stored form of a join token: only its SHA-256 is kept.

    A token with a lone surrogate (JSON can write one, UTF-8 cannot) is
    hashed too, and so opens no seat.
    """
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


class Store:
    """The SQLite database of one server.

    Args:
        path: The database file (created if missing), or ``":memory:"``.

    Raises:
        StoreError: If the database cannot be opened (its folder is missing,
            or the file is not a database), or its schema is newer than this
            code's.

    A store holds the database open until :meth:`close`; as a context
    manager it is closed at the end of the ``with`` block.

    Examples:
        >>> store = Store(":memory:")
        >>> store.version()
        2
        >>> store.close()
        >>> with Store(":memory:") as store:
        ...     store.tables()
        []

    .. versionadded:: 0.2.0
    """

    def __init__(self, path: str | Path) -> None:
        """Open the database and bring its schema up to date."""
        cannot = f"cannot open the database {path}"
        try:
            self._db = sqlite3.connect(str(path), isolation_level=None)
        except sqlite3.Error as error:  # a missing folder, say
            raise StoreError(f"{cannot}: {error}") from None
        self._checkpointer: _Checkpointer | None = None
        try:
            self._db.execute("PRAGMA foreign_keys = ON")
            (mode,) = self._db.execute("PRAGMA journal_mode = WAL").fetchone()
            self._db.execute("PRAGMA synchronous = NORMAL")
        except sqlite3.Error as error:  # a file that is not a database, say
            self._db.close()
            raise StoreError(f"{cannot}: {error}") from None
        try:
            self._migrate()
        except BaseException:
            self._db.close()
            raise
        if mode == "wal":  # a file: ":memory:" has no log
            self._db.execute(f"PRAGMA wal_autocheckpoint = {LOG_PAGES}")
            self._checkpointer = _Checkpointer(str(path))

    def _migrate(self) -> None:
        self._db.execute(
            "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)"
        )
        version = self.version()
        if version > SCHEMA_VERSION:
            raise StoreError(
                f"the database has schema version {version}, newer than this"
                f" server's {SCHEMA_VERSION}: upgrade tonk"
            )
        for step in range(version, SCHEMA_VERSION):
            self._db.execute("BEGIN IMMEDIATE")
            try:
                for statement in MIGRATIONS[step].split(";"):
                    if statement.strip():
                        self._db.execute(statement)
                self._db.execute("DELETE FROM schema_version")
                self._db.execute(
                    "INSERT INTO schema_version (version) VALUES (?)", (step + 1,)
                )
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def version(self) -> int:
        """Return the schema version of the open database (0 when empty).

        Examples:
            >>> with Store(":memory:") as store:
            ...     store.version() == SCHEMA_VERSION
            True
        """
        row = self._db.execute("SELECT version FROM schema_version").fetchone()
        return 0 if row is None else int(row[0])

    def __enter__(self) -> Store:
        """Return the store, to close at the end of a ``with`` block."""
        return self

    def __exit__(self, *exc_info: object) -> None:
        """Close the store (:meth:`close`)."""
        self.close()

    def close(self) -> None:
        """Stop the checkpoints and close the database (which checkpoints it).

        Examples:
            >>> Store(":memory:").close()
        """
        if self._checkpointer is not None:
            self._checkpointer.stop()
        self._db.close()

    def create_table(
        self,
        table_id: str,
        config: dict[str, Any],
        tokens: dict[int, str],
        *,
        now: float,
    ) -> None:
        """Store a new table with its creation arguments and its seats' tokens.

        Args:
            table_id: The table's id.
            config: Its creation arguments, as JSON-safe data.
            tokens: Each human seat's join token (only a hash is stored).
            now: The time, in seconds since the epoch.

        Examples:
            >>> store = Store(":memory:")
            >>> store.create_table("t1", {"players": 2}, {1: "k"}, now=5.0)
            >>> [row.id for row in store.tables()]
            ['t1']
            >>> store.close()
        """
        with self._db:
            self._db.execute("BEGIN IMMEDIATE")
            self._db.execute(
                "INSERT INTO tables (id, config, created, touched) VALUES (?, ?, ?, ?)",
                (table_id, json.dumps(config), now, now),
            )
            self._db.executemany(
                "INSERT INTO seats (table_id, seat, token_hash) VALUES (?, ?, ?)",
                [(table_id, seat, _hash(token)) for seat, token in tokens.items()],
            )

    def tables(self) -> list[TableRow]:
        """Return every stored table, oldest first.

        Examples:
            >>> with Store(":memory:") as store:
            ...     store.tables()
            []
        """
        rows = self._db.execute(
            "SELECT id, config, created, touched, finished FROM tables"
            " ORDER BY created, id"
        ).fetchall()
        return [
            TableRow(
                id=row[0],
                config=_loads(row[1], f"table {row[0]!r}"),
                created=row[2],
                touched=row[3],
                finished=bool(row[4]),
            )
            for row in rows
        ]

    def seat_for_token(self, table_id: str, token: str) -> int | None:
        """Return the seat a join token opens at a table, or ``None``.

        Examples:
            >>> store = Store(":memory:")
            >>> store.create_table("t1", {}, {0: "a", 1: "b"}, now=0.0)
            >>> store.seat_for_token("t1", "b"), store.seat_for_token("t2", "b")
            (1, None)
            >>> store.close()
        """
        row = self._db.execute(
            "SELECT seat FROM seats WHERE table_id = ? AND token_hash = ?",
            (table_id, _hash(token)),
        ).fetchone()
        return None if row is None else int(row[0])

    def add_action(
        self, table_id: str, number: int, action: dict[str, Any], *, now: float
    ) -> None:
        """Commit a table's next accepted action; it is durable on return.

        Args:
            table_id: The table.
            number: The action's number at this table, from 0, with no gaps.
            action: The action, as JSON-safe data.
            now: The time, in seconds since the epoch.

        Raises:
            StoreError: If ``number`` is not the next number at this table.

        Examples:
            >>> store = Store(":memory:")
            >>> store.create_table("t1", {}, {}, now=0.0)
            >>> store.add_action("t1", 1, {"index": 0}, now=1.0)
            Traceback (most recent call last):
            ...
            tonk.web.store.StoreError: action 1 of table 't1' is out of order: expected 0
            >>> store.close()
        """  # noqa: E501
        with self._db:
            self._db.execute("BEGIN IMMEDIATE")
            (count,) = self._db.execute(
                "SELECT COALESCE(MAX(number) + 1, 0) FROM actions WHERE table_id = ?",
                (table_id,),
            ).fetchone()
            if count != number:
                raise StoreError(
                    f"action {number} of table {table_id!r} is out of order:"
                    f" expected {count}"
                )
            self._db.execute(
                "INSERT INTO actions (table_id, number, action) VALUES (?, ?, ?)",
                (table_id, number, json.dumps(action)),
            )
            self._db.execute(
                "UPDATE tables SET touched = ? WHERE id = ?", (now, table_id)
            )

    def add_seating(
        self,
        table_id: str,
        number: int,
        change: dict[str, Any],
        tokens: dict[int, str],
        *,
        now: float,
    ) -> None:
        """Commit a table's next join or leave, with a joining player's token.

        Args:
            table_id: The table.
            number: The change's number at this table, from 0, with no gaps.
            change: The join or leave, as JSON-safe data.
            tokens: The new seat's join token by its number (only a hash is
                stored), or nothing for a leave.
            now: The time, in seconds since the epoch.

        Examples:
            >>> store = Store(":memory:")
            >>> store.create_table("t1", {}, {0: "a", 1: "b"}, now=0.0)
            >>> store.add_seating("t1", 0, {"kind": "join"}, {2: "c"}, now=1.0)
            >>> store.seating("t1"), store.seat_for_token("t1", "c")
            ([{'kind': 'join'}], 2)
            >>> store.close()
        """
        with self._db:
            self._db.execute("BEGIN IMMEDIATE")
            self._db.execute(
                "INSERT INTO seating (table_id, number, change) VALUES (?, ?, ?)",
                (table_id, number, json.dumps(change)),
            )
            self._db.executemany(
                "INSERT INTO seats (table_id, seat, token_hash) VALUES (?, ?, ?)",
                [(table_id, seat, _hash(token)) for seat, token in tokens.items()],
            )
            self._db.execute(
                "UPDATE tables SET touched = ? WHERE id = ?", (now, table_id)
            )

    def seating(self, table_id: str) -> list[dict[str, Any]]:
        """Return a table's joins and leaves, in order.

        Examples:
            >>> with Store(":memory:") as store:
            ...     store.seating("nowhere")
            []
        """
        rows = self._db.execute(
            "SELECT change FROM seating WHERE table_id = ? ORDER BY number",
            (table_id,),
        ).fetchall()
        return [_loads(row[0], f"seating of table {table_id!r}") for row in rows]

    def actions(self, table_id: str) -> list[dict[str, Any]]:
        """Return a table's accepted actions, in order.

        Examples:
            >>> with Store(":memory:") as store:
            ...     store.actions("nowhere")
            []
        """
        rows = self._db.execute(
            "SELECT action FROM actions WHERE table_id = ? ORDER BY number",
            (table_id,),
        ).fetchall()
        return [_loads(row[0], f"action of table {table_id!r}") for row in rows]

    def add_record(
        self, table_id: str, hand: int, record_json: str, record_text: str
    ) -> None:
        """Store the record of a finished hand, as JSON and as text.

        Examples:
            >>> store = Store(":memory:")
            >>> store.create_table("t1", {}, {}, now=0.0)
            >>> store.add_record("t1", 1, "{}", "text")
            >>> store.records("t1")
            [(1, '{}', 'text')]
            >>> store.close()
        """
        with self._db:
            self._db.execute(
                "INSERT OR REPLACE INTO records (table_id, hand, json, text)"
                " VALUES (?, ?, ?, ?)",
                (table_id, hand, record_json, record_text),
            )

    def records(self, table_id: str) -> list[tuple[int, str, str]]:
        """Return a table's records as ``(hand, json, text)``, by hand.

        Examples:
            >>> with Store(":memory:") as store:
            ...     store.records("t1")
            []
        """
        rows = self._db.execute(
            "SELECT hand, json, text FROM records WHERE table_id = ? ORDER BY hand",
            (table_id,),
        ).fetchall()
        return [(int(row[0]), str(row[1]), str(row[2])) for row in rows]

    def finish(self, table_id: str, *, now: float) -> None:
        """Mark a table finished.

        Examples:
            >>> store = Store(":memory:")
            >>> store.create_table("t1", {}, {}, now=0.0)
            >>> store.finish("t1", now=3.0)
            >>> store.tables()[0].finished
            True
            >>> store.close()
        """
        with self._db:
            self._db.execute(
                "UPDATE tables SET finished = 1, touched = ? WHERE id = ?",
                (now, table_id),
            )

    def delete_table(self, table_id: str) -> None:
        """Delete a table with its seats, actions and records (idle expiry).

        Examples:
            >>> store = Store(":memory:")
            >>> store.create_table("t1", {}, {0: "a"}, now=0.0)
            >>> store.delete_table("t1")
            >>> store.tables(), store.seat_for_token("t1", "a")
            ([], None)
            >>> store.close()
        """
        with self._db:
            self._db.execute("DELETE FROM tables WHERE id = ?", (table_id,))


class _Checkpointer:
    """Copy a database's write-ahead log into it, on a thread, every so often.

    A passive checkpoint lets the server's commits go on meanwhile, and
    SQLite releases the GIL while it waits for the disk.
    """

    def __init__(self, path: str) -> None:
        self._path = path
        self._stopping = threading.Event()
        self._thread = threading.Thread(
            target=self._run, name="tonk-store-checkpoint", daemon=True
        )
        self._thread.start()

    def _run(self) -> None:
        db = sqlite3.connect(self._path, isolation_level=None)
        try:
            while not self._stopping.wait(CHECKPOINT_SECONDS):
                try:
                    db.execute("PRAGMA wal_checkpoint(PASSIVE)")
                except sqlite3.Error as error:  # the next one may succeed
                    _log.warning("checkpoint of %s failed: %r", self._path, error)
        finally:
            db.close()

    def stop(self) -> None:
        self._stopping.set()
        self._thread.join()
