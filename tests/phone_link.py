"""Another phone on the table's Wi-Fi, on one machine: a TCP relay whose
connections reach the server *from* a second loopback address.

Why a relay: Linux answers a connection to 127.0.0.2 from 127.0.0.1 (the
loopback route's preferred source), and Chromium cannot pick its source
address, so a page opened at ``http://127.0.0.2:…`` would still look like
the host. The relay listens on 127.0.0.1 and connects onward bound to
``source`` (127.0.0.2, 127.0.0.3, …), so the server sees a client that is
not the serving machine, as it would see a phone. Raw bytes pass through
unchanged (HTTP and the websocket alike).
"""

from __future__ import annotations

import contextlib
import selectors
import socket
import threading
from types import TracebackType


class PhoneLink:
    def __init__(self, server_port: int, source: str = "127.0.0.2") -> None:
        self.server_port = server_port
        self.source = source
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port = int(self._listener.getsockname()[1])
        self.url = f"http://127.0.0.1:{self.port}"
        self._stop = threading.Event()
        self._down = threading.Event()  # the phone is off the Wi-Fi
        self._open: set[socket.socket] = set()
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._serve, daemon=True)

    def cut(self) -> None:
        """The phone leaves the Wi-Fi: its connections break, new ones fail."""
        self._down.set()
        with self._lock:
            for s in list(self._open):
                with contextlib.suppress(OSError):
                    s.shutdown(socket.SHUT_RDWR)

    def restore(self) -> None:
        self._down.clear()

    def __enter__(self) -> PhoneLink:
        self._thread.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self._stop.set()
        self._listener.close()

    def _serve(self) -> None:
        while not self._stop.is_set():
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            if self._down.is_set():
                client.close()
                continue
            threading.Thread(target=self._relay, args=(client,), daemon=True).start()

    def _relay(self, client: socket.socket) -> None:
        try:
            upstream = socket.create_connection(
                ("127.0.0.1", self.server_port), source_address=(self.source, 0)
            )
        except OSError:
            client.close()
            return
        pair = {client: upstream, upstream: client}
        with self._lock:
            self._open.update(pair)
        sel = selectors.DefaultSelector()
        for s in pair:
            sel.register(s, selectors.EVENT_READ)
        try:
            while not self._stop.is_set():
                for key, _ in sel.select(timeout=0.5):
                    src: socket.socket = key.fileobj  # type: ignore[assignment]
                    data = src.recv(65536)
                    if not data:
                        return
                    pair[src].sendall(data)
        except OSError:
            return
        finally:
            with self._lock:
                self._open.difference_update(pair)
            sel.close()
            client.close()
            upstream.close()
