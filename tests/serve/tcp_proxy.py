"""A TCP forwarder in front of a real server, to cut connections the way a restart or a network fault
does: ``drop()`` resets every open connection, ``reject`` refuses the next N connections (accept, then
close at once). Runs on its own thread and event loop."""

from __future__ import annotations

import asyncio
import threading


class TcpProxy:
    def __init__(self, target_host: str, target_port: int) -> None:
        self.target = (target_host, target_port)
        self.reject = 0
        self.accepted = 0  # connections forwarded to the target
        self.refused = 0
        self.port = 0
        self._writers: set[asyncio.StreamWriter] = set()
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="tcp-proxy", daemon=True)
        self._server: asyncio.base_events.Server | None = None

    def _run(self, coro: object) -> object:
        return asyncio.run_coroutine_threadsafe(coro, self._loop).result(10)  # type: ignore[arg-type]

    def start(self) -> TcpProxy:
        self._thread.start()
        self._server = self._run(asyncio.start_server(self._handle, "127.0.0.1", 0))  # type: ignore[assignment]
        self.port = self._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        return self

    @property
    def url(self) -> str:
        return f"127.0.0.1:{self.port}"

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while data := await reader.read(65536):
                writer.write(data)
                await writer.drain()
        except (ConnectionError, OSError):
            pass
        finally:
            writer.close()

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if self.reject > 0:
            self.reject -= 1
            self.refused += 1
            writer.transport.abort()
            return
        self.accepted += 1
        up_reader, up_writer = await asyncio.open_connection(*self.target)
        self._writers.update((writer, up_writer))
        try:
            await asyncio.gather(self._pipe(reader, up_writer), self._pipe(up_reader, writer))
        finally:
            self._writers.difference_update((writer, up_writer))

    async def _drop(self) -> int:
        n = len(self._writers) // 2
        for w in list(self._writers):
            w.transport.abort()
        return n

    def drop(self) -> int:
        """Reset every open connection (both sides); returns how many client connections were cut."""
        return int(self._run(self._drop()))  # type: ignore[arg-type]

    async def _stop(self) -> None:
        assert self._server is not None
        self._server.close()
        await self._drop()

    def stop(self) -> None:
        try:
            self._run(self._stop())
        finally:
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(5)
