"""The web chat: a Gradio page that calls Assistant and ingest() and formats what they return."""

from __future__ import annotations

import errno
import hashlib
import hmac
import ipaddress
import queue
import shutil
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextvars import ContextVar
from pathlib import Path
from typing import Any

import gradio as gr
from fastapi import HTTPException, status
from starlette.middleware import Middleware

from assistant.answer import Assistant
from assistant.errors import ProfileChatError
from assistant.settings import Settings
from assistant.types import Answer
from ingest import loaders
from ingest.pipeline import FileResult, ingest
from ui import cards, preview
from ui import format as fmt
from ui.answers import name_people
from ui.format import Turn

Emit = Callable[[str, Any], None]
LOOPBACK = {"127.0.0.1", "localhost", "::1"}
# Five guesses per client per five minutes, about 1,400 a day: unthrottled, a login answers in
# about 1 ms, 1,000 guesses a second. A user who mistypes five times in a minute waits 5 minutes.
MAX_FAILURES, FAILURE_WINDOW_S, BACKOFF_S = 5, 60.0, 300.0
AUTH_MESSAGE = ("Log in to profilechat. After 5 failed logins in a minute, this address must "
                "wait 5 minutes.")
_CLIENT: ContextVar[str] = ContextVar("profilechat_login_client", default="unknown")
# The local model uses both cores for one answer; a second at once would only halve both.
LOCAL_CONCURRENCY, REMOTE_CONCURRENCY = 1, 4
# A marker [n] or a verified source asks for the page behind it; the page sends only numbers.
SOURCE_JS = """
element.addEventListener('click', (event) => {
  const hit = event.target.closest('a.pc-cite, .pc-source[data-chunk]');
  const turn = Number(hit?.closest('.pc-turn')?.dataset.turn);
  const n = Number(hit?.dataset.n ?? hit?.id.split('-').pop());
  if (turn && n) trigger('click', {turn, n});
});
"""
# System fonts: the default theme would fetch Google Fonts, which an offline or private
# deployment must not do.
THEME = gr.themes.Soft(font=["ui-sans-serif", "system-ui", "sans-serif"],
                       font_mono=["ui-monospace", "monospace"])


class _Stopped(Exception):
    """The page stopped listening (new chat, closed tab): the worker should give up."""


def run_in_background(work: Callable[[Emit], None]) -> Iterator[list[tuple[str, Any]]]:
    """Run work(emit) on a thread; yield the events it emits, batched as they arrive.

    ProfileChatError arrives as an ("error", message) event; any other exception is re-raised
    here, because it is a bug. Closing the iterator tells the worker to stop at its next emit.
    """
    events: queue.Queue[tuple[str, Any]] = queue.Queue()
    stop = threading.Event()

    def emit(kind: str, value: Any) -> None:
        if stop.is_set():
            raise _Stopped
        events.put((kind, value))

    def run() -> None:
        try:
            work(emit)
        except _Stopped:
            pass
        except ProfileChatError as exc:
            events.put(("error", str(exc)))
        except Exception as exc:  # noqa: BLE001 - a bug: re-raised on the page's thread
            events.put(("crash", exc))
        events.put(("done", None))

    threading.Thread(target=run, name="profilechat-ui-worker", daemon=True).start()
    try:
        while True:
            batch = [events.get()]
            while not events.empty():  # coalesce tokens that arrived while the page was busy
                batch.append(events.get_nowait())
            for kind, value in batch:
                if kind == "crash":
                    raise value
            yield [e for e in batch if e[0] != "done"]
            if batch[-1][0] == "done":
                return
    finally:
        stop.set()


class ChatApp:
    """The page's handlers; one per server, sharing one Assistant (and so one index and model)."""

    def __init__(self, settings: Settings, assistant: Assistant | None = None) -> None:
        self.settings = settings
        self.assistant = assistant or Assistant(settings)
        self.uploads = settings.home / "uploads"

    @property
    def chat_concurrency(self) -> int:
        return LOCAL_CONCURRENCY if self.settings.llm == "local" else REMOTE_CONCURRENCY

    def show_question(self, question: str, turns: list[Turn]) -> tuple[str, str, str]:
        """The question in the transcript at once, while the answer may still wait in the queue."""
        question = (question or "").strip()
        shown = [*turns, Turn(question)] if question else turns
        return fmt.transcript_html(shown), "", question

    def respond(self, question: str, turns: list[Turn], people: Sequence[str] | None
                ) -> Iterator[tuple[str, list[Turn]]]:
        """Stream one answer into the transcript: sources, the draft, then the verified answer."""
        question = (question or "").strip()
        if not question:
            yield fmt.transcript_html(turns), turns
            return
        history = [(t.question, t.answer.text) for t in turns if t.answer is not None]
        turn = Turn(question)
        turns = [*turns, turn]
        yield fmt.transcript_html(turns), turns

        def work(emit: Emit) -> None:
            for piece in self.assistant.stream_answer(
                question, history, people=list(people or []),
                on_sources=lambda passages: emit("sources", list(passages)),
            ):
                emit("answer" if isinstance(piece, Answer) else "text", piece)

        for batch in run_in_background(work):
            for kind, value in batch:
                if kind == "sources":
                    turn.passages = value
                elif kind == "text":
                    turn.draft += value
                elif kind == "answer":
                    turn.answer, turn.passages, turn.draft = name_people(value), [], ""
                elif kind == "error":
                    turn.error = value
            yield fmt.transcript_html(turns), turns

    def new_chat(self) -> tuple[str, list[Turn]]:
        return fmt.transcript_html([]), []

    def show_source(self, turns: list[Turn], event: gr.EventData) -> Iterator[Any]:
        """The page or section behind citation n of turn t, as the page asked with {turn, n}:
        the chunk and quote come from this session's own answer, never from the page."""
        turn, n = _numbers(event, "turn", "n")
        answer = turns[turn - 1].answer if 0 < turn <= len(turns) else None
        cited = [c for c in (answer.citations if answer else []) if c.n == n]
        if not cited:  # a draft's marker, or a number the answer does not have
            yield gr.skip()
            return
        yield from self._preview(cited[0].chunk_id, cited[0].quote, f"[{n}]")

    def show_card(self, event: gr.EventData) -> tuple[str, list[cards.Ref]]:
        """The card of the person chosen in the side list, and what its [n] cite."""
        person = event._data.get("person") if isinstance(event._data, dict) else None
        try:
            if not isinstance(person, str) or person not in self.assistant.index.people():
                return "", []
            return cards.card_html(self.assistant.index, person)
        except ProfileChatError as exc:
            return fmt.message_html(str(exc), error=True), []

    def show_card_source(self, refs: list[cards.Ref], event: gr.EventData) -> Iterator[Any]:
        """The page or section behind the card's citation n."""
        (n,) = _numbers(event, "n")
        if not 0 < n <= len(refs or []):
            yield gr.skip()
            return
        yield from self._preview(refs[n - 1].chunk_id, refs[n - 1].quote, f"[{n}]")

    def _preview(self, chunk_id: str, quote: str, label: str) -> Iterator[str]:
        yield preview.message_html("Finding the passage in its document…", label)
        try:
            yield preview.preview_html(self.assistant.index, chunk_id, quote, label)
        except ProfileChatError as exc:
            yield preview.message_html(str(exc), label)

    def people(self) -> tuple[str, Any]:
        """The list of who is in the index, and the picker's choices to match."""
        try:
            people = self.assistant.index.people()
        except ProfileChatError as exc:
            return fmt.message_html(str(exc), error=True), gr.Dropdown()
        return fmt.people_html(people), gr.Dropdown(choices=list(people))

    def upload(self, files: Sequence[str] | None) -> Iterator[tuple[str, str, Any]]:
        """Add uploaded files to the index, reporting each file's outcome as it is known."""
        paths = [Path(f) for f in files or []]
        if not paths:
            yield fmt.message_html("Choose PDF, Markdown or text files to add."), *self.people()
            return
        results, accepted = self._accept(paths)
        yield fmt.ingest_html(results, len(paths), accepted[0].name if accepted else ""), \
            gr.skip(), gr.skip()

        def work(emit: Emit) -> None:
            with preview.PDFIUM:  # PDFium reads one PDF at a time: previews wait meanwhile
                ingest(accepted, self.settings, self.assistant.index,
                       on_file=lambda result: emit("file", result))

        for batch in run_in_background(work):
            for kind, value in batch:
                if kind == "file":
                    results.append(_shown(value))
                elif kind == "error":
                    yield fmt.message_html(value, error=True), gr.skip(), gr.skip()
                    return
            left = accepted[len(results) - (len(paths) - len(accepted)):]
            yield fmt.ingest_html(results, len(paths), left[0].name if left else ""), \
                gr.skip(), gr.skip()
        yield fmt.ingest_html(results, len(paths)), *self.people()

    def _accept(self, paths: list[Path]) -> tuple[list[FileResult], list[Path]]:
        """Refuse oversized files; copy the rest under home/uploads, where they stay indexed."""
        limit = int(self.settings.upload_mb * 2**20)
        refused, accepted = [], []
        self.uploads.mkdir(parents=True, exist_ok=True)
        for path in paths:
            try:
                size = path.stat().st_size
                if size > limit:
                    refused.append(FileResult(path, "failed", reason=(
                        f"{path.name} is {_size(size)}; the upload limit is {_size(limit)} "
                        "(PROFILECHAT_UPLOAD_MB)")))
                    continue
                target = self.uploads / path.name
                shutil.copyfile(path, target)
                accepted.append(target)
            except OSError as exc:
                why = ("the disk is full; free some space and upload it again"
                       if exc.errno == errno.ENOSPC else f"{exc.strerror or exc}; upload it again")
                refused.append(FileResult(path, "failed",
                                          reason=f"{path.name} could not be stored ({why})"))
        return refused, accepted


def _numbers(event: gr.EventData, *keys: str) -> list[int]:
    """Small whole numbers the page sent with an event; 0 for anything else."""
    data = event._data if isinstance(event._data, dict) else {}
    values = [data.get(key) for key in keys]
    return [v if isinstance(v, int) and not isinstance(v, bool) and 0 < v < 10_000 else 0
            for v in values]


def _size(n: int) -> str:
    return f"{n / 2**20:.1f} MB" if n >= 2**20 else f"{n / 1024:.0f} KB"


def _shown(result: FileResult) -> FileResult:
    """A result whose reason names the file, not where the server keeps it."""
    result.reason = result.reason.replace(str(result.path), result.path.name)
    return result


def build(app: ChatApp) -> gr.Blocks:
    """The page: the transcript, sources beside each answer; people, picker, upload at the side."""
    with gr.Blocks(title="profilechat", analytics_enabled=False,
                   delete_cache=(3600, 3600)) as demo:  # uploads are copied; drop the cache hourly
        turns = gr.State([])
        asked = gr.State("")  # the question, kept while the box is already cleared for the next
        with gr.Row(equal_height=False):
            with gr.Column(scale=3):
                gr.HTML("<h2 style='margin:0'>profilechat</h2><p class='pc-meta'>Answers come "
                        "from the indexed profiles; every sentence cites its source.</p>")
                transcript = gr.HTML(fmt.transcript_html([]), elem_id="pc-transcript",
                                     js_on_load=SOURCE_JS, min_height=300)
                with gr.Row():
                    question = gr.Textbox(placeholder="Ask about the people in the index…",
                                          show_label=False, scale=6, elem_id="pc-question",
                                          autofocus=True, max_lines=4)
                    send = gr.Button("Ask", variant="primary", scale=1, elem_id="pc-send")
                    clear = gr.Button("New chat", scale=1, elem_id="pc-new-chat")
            with gr.Column(scale=1, min_width=260):
                picker = gr.Dropdown(choices=[], value=[], multiselect=True, label="Ask about",
                                     info="Empty: everyone in the index.",
                                     elem_id="pc-people-picker")
                files = gr.File(file_count="multiple", label="Add documents (PDF, Markdown, text)",
                                file_types=sorted(loaders.SUPPORTED_SUFFIXES),
                                elem_id="pc-upload")
                upload_status = gr.HTML("", elem_id="pc-upload-status", js_on_load=None)
                gr.HTML("<div class='pc-sources-title'>In the index</div>")
                people = gr.HTML("", elem_id="pc-people", js_on_load=cards.PEOPLE_JS)
                card = gr.HTML("", elem_id="pc-card", js_on_load=cards.JS)
                card_refs = gr.State([])
        shown = gr.HTML("", elem_id="pc-preview", js_on_load=preview.JS)

        answering = gr.on(
            [question.submit, send.click], app.show_question, inputs=[question, turns],
            outputs=[transcript, question, asked], queue=False, show_progress="hidden",
        ).then(
            app.respond, inputs=[asked, turns, picker], outputs=[transcript, turns],
            concurrency_id="answer", concurrency_limit=app.chat_concurrency,
        )
        clear.click(app.new_chat, outputs=[transcript, turns], cancels=[answering],
                    concurrency_limit=None)
        # Previews and cards have their own queue: an answer being written never waits on them.
        evidence: dict[str, Any] = {"concurrency_id": "evidence", "concurrency_limit": 2,
                                    "show_progress": "hidden", "trigger_mode": "always_last"}
        transcript.click(app.show_source, inputs=turns, outputs=shown, **evidence)
        people.click(app.show_card, outputs=[card, card_refs], **evidence)
        card.click(app.show_card_source, inputs=card_refs, outputs=shown, **evidence)
        files.upload(app.upload, inputs=files, outputs=[upload_status, people, picker],
                     concurrency_id="ingest", concurrency_limit=1)
        demo.load(app.people, outputs=[people, picker], concurrency_limit=None)
    return demo


def load_auth(value: str | None) -> list[tuple[str, str]] | None:
    """PROFILECHAT_AUTH as Gradio logins: "user:pass", or a file of such lines."""
    if not value:
        return None
    path = Path(value).expanduser()
    lines = path.read_text(encoding="utf-8").splitlines() if path.is_file() else [value]
    where = f"{path}" if path.is_file() else "PROFILECHAT_AUTH"
    logins = []
    for number, line in enumerate(lines, 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        user, sep, password = line.partition(":")
        if not sep or not user or not password:
            raise ProfileChatError(
                f"{where} line {number}: expected user:pass; fix it or unset PROFILECHAT_AUTH"
            )
        logins.append((user, password))
    if not logins:
        raise ProfileChatError(f"{where} has no user:pass lines; add one or unset PROFILECHAT_AUTH")
    return logins


class LoginThrottle:
    """The login check Gradio calls: the right user and password, unless this client has failed
    MAX_FAILURES times within FAILURE_WINDOW_S; then every login from it, the right one too, is
    refused (HTTP 429) for BACKOFF_S."""

    def __init__(self, logins: Sequence[tuple[str, str]],
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._passwords = dict(logins)  # a user listed twice keeps the last password, as Gradio
        self._clock = clock
        self._failures: dict[str, list[float]] = {}
        self._refused_until: dict[str, float] = {}
        self._lock = threading.Lock()

    def __call__(self, username: str, password: str) -> bool:
        client, now = _CLIENT.get(), self._clock()
        with self._lock:
            wait = self._refused_until.get(client, now) - now
            if wait > 0:
                raise HTTPException(
                    status.HTTP_429_TOO_MANY_REQUESTS, headers={"Retry-After": f"{wait:.0f}"},
                    detail=f"Too many failed logins from this address; try again in {wait:.0f} s.")
            self._refused_until.pop(client, None)
            if self._matches(username, password):
                self._failures.pop(client, None)
                return True
            self._failed(client, now)
            return False

    def _matches(self, username: str, password: str) -> bool:
        expected = self._passwords.get(username, "")
        same = hmac.compare_digest(hashlib.sha256(password.encode()).digest(),
                                   hashlib.sha256(expected.encode()).digest())
        return same and username in self._passwords

    def _failed(self, client: str, now: float) -> None:
        if len(self._failures) > 10_000:  # many addresses guessing once: keep only recent ones
            self._failures = {c: t for c, t in self._failures.items()
                              if now - t[-1] < FAILURE_WINDOW_S}
        recent = [t for t in self._failures.get(client, []) if now - t < FAILURE_WINDOW_S]
        if len(recent) + 1 >= MAX_FAILURES:
            self._refused_until[client] = now + BACKOFF_S
            self._failures.pop(client, None)
        else:
            self._failures[client] = [*recent, now]


class _ClientAddress:
    """ASGI middleware that tells the login check who is asking: Gradio calls it with only the
    user and password. Behind a reverse proxy on this machine, uvicorn has already replaced the
    proxy's address with the client's from X-Forwarded-For."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        client = scope.get("client")
        token = _CLIENT.set(client[0] if client else "unknown")
        try:
            await self.app(scope, receive, send)
        finally:
            _CLIENT.reset(token)


def login_check(settings: Settings, clock: Callable[[], float] = time.monotonic
                ) -> LoginThrottle | None:
    """The login the page asks for, or None on loopback without PROFILECHAT_AUTH; serving any
    other address without one is refused."""
    logins = load_auth(settings.auth)
    if logins:
        return LoginThrottle(logins, clock)
    if not _is_loopback(settings.host):
        raise ProfileChatError(
            f"refusing to serve on {settings.host} without a login: anyone who can reach it could "
            "read the profiles. Set PROFILECHAT_AUTH=user:pass (or --auth FILE) and put TLS in "
            "front (a reverse proxy), or serve on 127.0.0.1"
        )
    return None


def _is_loopback(host: str) -> bool:
    try:
        return host in LOOPBACK or ipaddress.ip_address(host).is_loopback
    except ValueError:  # a host name other than localhost
        return False


def launch(settings: Settings, *, assistant: Assistant | None = None, block: bool = True,
           inbrowser: bool = False) -> tuple[gr.Blocks, str]:
    """Serve the chat on settings.host:port; returns (app, url) at once when block is False."""
    auth = login_check(settings)
    app = ChatApp(settings, assistant)
    demo = build(app)
    demo.queue(default_concurrency_limit=1, max_size=64)
    threading.Thread(target=_warm_up, args=(app.assistant,), daemon=True).start()
    try:
        demo.launch(
            server_name=settings.host, server_port=settings.port, share=False, auth=auth,
            auth_message=AUTH_MESSAGE, max_file_size=int(settings.upload_mb * 2**20),
            inbrowser=inbrowser, prevent_thread_lock=True, quiet=True, ssr_mode=False,
            mcp_server=False, theme=THEME, css=fmt.CSS + preview.CSS + cards.CSS,
            footer_links=[],
            app_kwargs={"middleware": [Middleware(_ClientAddress)]},
        )
    except OSError as exc:
        raise ProfileChatError(
            f"cannot serve on {settings.host}:{settings.port}: the port is in use or the address "
            "is not this machine's; pass another --port or --host (PROFILECHAT_PORT, _HOST)"
        ) from exc
    host = f"[{settings.host}]" if ":" in settings.host else settings.host
    url = f"http://{host}:{settings.port}/"
    print(f"profilechat: web chat on {url} (Ctrl+C to stop)", file=sys.stderr)
    if block:
        try:
            demo.block_thread()
        finally:
            demo.close()
    return demo, url


def _warm_up(assistant: Assistant) -> None:
    """Open the index and load the model before the first question, not during it."""
    try:
        assistant.index  # noqa: B018 - the property opens the store
        assistant.chat_model  # noqa: B018 - the property loads the model
    except ProfileChatError:
        pass  # the page shows the message when a handler meets the same error
