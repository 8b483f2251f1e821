"""Benchmark: what one ``nats-server`` costs per phones-only table (issue 39).

Run: ``uv run python tests/bench/bench_tablelink_broker.py [--tables 200]
[--seconds 6] [--rate 2] [--connections 1000]``. Not collected by pytest.

Starts Debian's nats-server (tests/nats_broker.py) and measures, with the
machine's load printed beside:

1. fan-out: ``--tables`` tables, each a host publishing a revision of 735
   bytes (the measured size of a sealed 8-player revision,
   tests/test_tablelink_nats.py) ``--rate`` times a second to 9 subscribers
   (8 phones and a board); publish-to-receive p50/p95 and the server's CPU
   seconds per million delivered messages (from /proc, so the Python client
   being the bottleneck does not hide the server's own cost);
2. kept revisions: JetStream key-value puts (one key per table, 50 in
   flight), puts a second and server CPU per put;
3. connections: ``--connections`` idle client connections (raw sockets, the
   NATS handshake only), the server's resident memory per connection.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import statistics
import struct
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from nats_broker import running  # noqa: E402

SIZE = 735
TICK = os.sysconf("SC_CLK_TCK")


def cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def fan_out(url: str, pid: int, tables: int, rate: float, seconds: float) -> str:
    import nats

    pubs = [await nats.connect(url) for _ in range(4)]
    subs = [await nats.connect(url) for _ in range(9)]
    waits: list[float] = []

    async def got(msg: object) -> None:
        sent = struct.unpack("d", msg.data[:8])[0]  # type: ignore[attr-defined]
        waits.append(time.perf_counter() - sent)

    for t in range(tables):
        for nc in subs:
            await nc.subscribe(f"f7.t{t}.rev", cb=got)
    for nc in subs:
        await nc.flush()
    pad = os.urandom(SIZE - 8)
    before, sent, started = cpu(pid), 0, time.perf_counter()
    interval = 1 / (tables * rate)
    while time.perf_counter() - started < seconds:
        t = sent % tables
        payload = struct.pack("d", time.perf_counter()) + pad
        await pubs[t % 4].publish(f"f7.t{t}.rev", payload)
        sent += 1
        delay = started + sent * interval - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
    for nc in pubs:
        await nc.flush()
    await asyncio.sleep(1)
    used = cpu(pid) - before
    for nc in pubs + subs:
        await nc.close()
    waits.sort()
    p50 = statistics.median(waits) * 1000
    p95 = waits[int(len(waits) * 0.95)] * 1000
    per_million = used / max(len(waits), 1) * 1e6
    return (
        f"fan-out: {tables} tables x {rate}/s, {sent} revisions published, "
        f"{len(waits)} delivered of {sent * 9} ({len(waits) / seconds:.0f}/s); "
        f"p50 {p50:.1f} ms, p95 {p95:.1f} ms; server CPU {used:.2f} s "
        f"= {per_million:.1f} CPU-s per million deliveries"
    )


async def kept(url: str, pid: int, puts: int) -> str:
    import nats

    nc = await nats.connect(url)
    kv = await nc.jetstream().create_key_value(bucket="bench", history=1)
    body = os.urandom(SIZE)
    before, started = cpu(pid), time.perf_counter()
    queue = list(range(puts))

    async def worker() -> None:
        while queue:
            n = queue.pop()
            await kv.put(f"t{n % 1000}.rev", body)

    await asyncio.gather(*(worker() for _ in range(50)))
    took, used = time.perf_counter() - started, cpu(pid) - before
    await nc.close()
    return (
        f"kept revisions: {puts} key-value puts in {took:.2f} s "
        f"({puts / took:.0f}/s, 50 in flight); "
        f"server CPU {used / puts * 1e6:.0f} us a put"
    )


def connections(port: int, pid: int, count: int) -> str:
    before = rss_kib(pid)
    held = []
    for _ in range(count):
        s = socket.create_connection(("127.0.0.1", port))
        s.recv(4096)  # INFO
        s.sendall(b'CONNECT {"verbose":false}\r\nPING\r\n')
        held.append(s)
    for s in held:
        s.recv(64)  # PONG
    time.sleep(0.5)
    after = rss_kib(pid)
    for s in held:
        s.close()
    return (
        f"connections: {count} idle, server memory {before} -> {after} KiB "
        f"= {(after - before) / count:.1f} KiB each"
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--tables", type=int, default=200)
    ap.add_argument("--rate", type=float, default=2.0)
    ap.add_argument("--seconds", type=float, default=6.0)
    ap.add_argument("--puts", type=int, default=3000)
    ap.add_argument("--connections", type=int, default=1000)
    args = ap.parse_args()
    print(f"load before: {os.getloadavg()}")
    with tempfile.TemporaryDirectory() as tmp, running(Path(tmp)) as broker:
        url = broker.url
        print(
            asyncio.run(fan_out(url, broker.pid, args.tables, args.rate, args.seconds))
        )
        print(asyncio.run(kept(url, broker.pid, args.puts)))
        print(connections(broker.port, broker.pid, args.connections))
    print(f"load after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
