"""A live table of phones with no computer: the mirror protocol (issue 39).

The host phone holds the game (its ``OpenGame`` and commit path); every
guest phone holds a mirror of the host's latest revision and sends the host
its intents. They talk through a standard message broker (NATS over
WebSocket) that sees only ciphertext. This package is the protocol alone:
no Flet, no sockets, no clock of its own. The transport, the sealer (the
crypto library: ``cryptography`` on a computer, WebCrypto in the phone app),
the clock and the host's ``apply`` are injected, so the same code runs in
unit tests against :class:`~companion.tablelink.broker.MemoryBroker`, in
CPython against a real ``nats-server``, and in Pyodide.

Modules: :mod:`.sealing` (keys and the :class:`~.sealing.Sealer` protocol),
:mod:`.wire` (the envelope and the messages, strictly read back),
:mod:`.broker` (the transport protocol and the in-memory broker),
:mod:`.host` (the authority), :mod:`.guest` (a mirror),
:mod:`.invite` (the link's fragment). See docs/live-without-computer.md.
"""
