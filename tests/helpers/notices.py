"""Turn notices: a Discord webhook stand-in (`Discord`), a real SMTP server (`Mailbox`), and the
players' Discord ids (`CID`, `BOB`)."""

from __future__ import annotations

import email
import email.policy
import json
import socket
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class Discord:
    """A webhook endpoint: records (path, content type, body), answers from `answers` (status,
    headers) or 200."""

    def __init__(self) -> None:
        self.requests: list[tuple[str, str, bytes]] = []
        self.answers: list[tuple[int, dict[str, str]]] = []
        self.slow: list[float] = []
        """Seconds to wait, request by request, after recording and before answering."""
        self.trickle = False
        """Answer one byte of a header every 0.2 s, for ever (a server that trickles)."""
        recorder = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (the standard library's name)
                body = self.rfile.read(int(self.headers["Content-Length"]))
                recorder.requests.append((self.path, self.headers["Content-Type"], body))
                if recorder.slow:
                    time.sleep(recorder.slow.pop(0))
                if recorder.trickle:
                    self.wfile.write(b"HTTP/1.1 200 OK\r\nX-Slow: ")
                    for _ in range(100):
                        self.wfile.write(b"x")
                        self.wfile.flush()
                        time.sleep(0.2)
                    return
                status, headers = recorder.answers.pop(0) if recorder.answers else (200, {})
                self.send_response(status)
                for key, value in headers.items():
                    self.send_header(key, value)
                self.send_header("Content-Type", "application/json")
                self.end_headers()
                self.wfile.write(b'{"id": "1"}')

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}/api/webhooks/1/secret-token"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def contents(self) -> list[str]:
        """The text of each message received, from JSON or from the multipart's payload_json."""
        said = []
        for _, kind, body in self.requests:
            if kind.startswith("multipart/"):
                body = body.split(b"\r\n\r\n", 1)[1].split(b"\r\n--", 1)[0]
            said.append(json.loads(body)["content"])
        return said


CID, BOB = "111111111111111111", "222222222222222222"


class Mailbox:
    """An SMTP server on 127.0.0.1 keeping every message it is handed."""

    def __init__(self, utf8: bool = False) -> None:
        self.messages: list[email.message.EmailMessage] = []
        self.raw: list[bytes] = []
        self.envelopes: list[tuple[str, list[str]]] = []
        self.refuse: set[str] = set()
        """Addresses refused at RCPT TO, as a server refuses an unknown mailbox."""
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        from aiosmtpd.controller import Controller

        self.controller = Controller(self, hostname="127.0.0.1", port=port, enable_SMTPUTF8=utf8)
        self.url = f"smtp://127.0.0.1:{port}"

    async def handle_RCPT(self, server, session, envelope, address, options):  # noqa: N802
        if address in self.refuse:
            return "550 5.1.1 no such mailbox here"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 (aiosmtpd's name)
        self.raw.append(envelope.content)
        self.envelopes.append((envelope.mail_from, list(envelope.rcpt_tos)))
        self.messages.append(
            email.message_from_bytes(envelope.content, policy=email.policy.default)
        )
        return "250 OK"


def payloads(discord) -> list[dict]:
    return [json.loads(body) for _, _, body in discord.requests]
