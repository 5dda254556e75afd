"""The web chat's handlers and HTML, called directly: a real index, a scripted chat model."""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from conftest import SAMPLE
from pdfs import cv_pdf
from pydantic import PrivateAttr

from assistant.answer import Assistant
from assistant.cli import main
from assistant.errors import ProfileChatError, StoreError
from assistant.llm import FakeChatModel
from assistant.settings import Settings
from assistant.types import Answer, Citation
from ingest.pipeline import FileResult, ingest
from ingest.store import Index
from ui import format as fmt
from ui.app import ChatApp, launch, load_auth, run_in_background

EVIL = (
    "# Mallory Script\n\nSecurity researcher at Example University.\n\n## Research Interests\n\n"
    "Mallory studies sandboxing of injected markup such as <script>window.__pwned=1</script> "
    "and ${window.__pwned=2} in {{value}} templates <img src=x onerror=\"window.__pwned=3\">.\n"
)


class SteppedModel(FakeChatModel):
    """Streams its reply only as the test releases it: the first word, then the rest."""

    _steps: list[threading.Event] = PrivateAttr(
        default_factory=lambda: [threading.Event(), threading.Event()]
    )

    def _stream(self, messages: Any, stop: Any = None, run_manager: Any = None,
                **kwargs: Any) -> Iterator[Any]:
        pieces = list(super()._stream(messages, stop, run_manager, **kwargs))
        assert self._steps[0].wait(10)
        yield pieces[0]
        assert self._steps[1].wait(10)
        yield from pieces[1:]

    def release(self, step: int) -> None:
        self._steps[step].set()


@pytest.fixture(scope="module")
def sample_index(tmp_path_factory: pytest.TempPathFactory, embedder) -> Iterator[Index]:
    settings = Settings(home=tmp_path_factory.mktemp("ui") / "home", llm="extractive")
    index = Index(settings, embedder)
    ingest([SAMPLE], settings, index)
    yield index
    index.close()


def _app(index: Index, model: FakeChatModel | None = None) -> ChatApp:
    return ChatApp(index.settings, Assistant(index.settings, index=index, chat_model=model))


def _last(steps: Iterator[tuple[str, list[fmt.Turn]]]) -> tuple[str, list[fmt.Turn]]:
    result = None
    for result in steps:
        pass
    assert result is not None
    return result


# -- formatting --------------------------------------------------------------------------------


def test_escaping_leaves_markup_and_template_syntax_inert() -> None:
    shown = fmt.esc('<script>alert("x")</script> ${a} {{b}} `c`')
    assert not any(ch in shown for ch in "<>\"${}`")
    assert shown.startswith("&lt;script&gt;")


def test_markers_become_links_to_this_turns_sources() -> None:
    html = fmt.linked_text("Advised by Duchamp [1]. Wrote two papers [2, 3].", turn=4)
    assert 'href="#src-4-1"' in html and 'href="#src-4-2"' in html and 'href="#src-4-3"' in html
    cites = [Citation(1, "cv.md", "Jun Wei", "Education", None, "Advisor: Duchamp", "x:1")]
    assert 'id="src-4-1"' in fmt.citations_html(cites, turn=4)


def test_a_citation_shows_person_file_section_page_and_quote_escaped() -> None:
    cite = Citation(2, "<b>cv</b>.pdf", "Ada <i>L</i>", "Awards", 3, 'Prize "<3"', "d:2")
    html = fmt.citations_html([cite], turn=1)
    for text in ("[2]", "&lt;b&gt;cv&lt;/b&gt;.pdf", "Ada &lt;i&gt;L&lt;/i&gt;", "Awards",
                 "p.&nbsp;3", "Prize &quot;&lt;3&quot;"):
        assert text in html
    assert "<b>" not in html and "<i>" not in html


def test_a_refusal_is_a_styled_note_and_notes_are_quiet() -> None:
    refused = fmt.answer_html(Answer("The indexed documents do not say.", refused=True), 1)
    assert "pc-refusal" in refused and "Not in the documents" in refused
    assert "pc-error" not in refused
    noted = fmt.answer_html(Answer("Yes [1].", notes=["Citation numbers were corrected."]), 1)
    assert 'class="pc-notes"' in noted and "corrected" in noted


def test_upload_report_shows_each_outcome_and_escaped_reason() -> None:
    results = [FileResult(Path("/up/a.pdf"), "added", person="Jane Doe", chunks=3),
               FileResult(Path("/up/<x>.pdf"), "failed", reason="<x>.pdf is corrupt")]
    busy = fmt.ingest_html(results, total=3, current="c.md")
    assert "Indexing 3 of 3: c.md" in busy and "<progress" in busy
    done = fmt.ingest_html(results, total=2)
    assert "added" in done and "(Jane Doe)" in done and "Done: 1 added, 1 failed" in done
    assert "failed: &lt;x&gt;.pdf is corrupt" in done and "<x>" not in done


def test_people_list_is_escaped() -> None:
    html = fmt.people_html({"Eve <script>": [{"source": "<img src=x>.md"}]})
    assert "Eve &lt;script&gt;" in html and "&lt;img src=x&gt;.md" in html and "<img" not in html
    assert "empty" in fmt.people_html({})


# -- the chat handler --------------------------------------------------------------------------


def test_sources_show_before_the_answer_and_the_verified_answer_replaces_the_draft(
    sample_index: Index,
) -> None:
    # [7] points at no passage: the checker re-points it to the one that says this.
    model = SteppedModel(responses=["Jun Wei works on congestion control for RDMA [7]."])
    steps = _app(sample_index, model).respond("What does Jun Wei work on?", [], [])
    html, turns = next(steps)
    assert "What does Jun Wei work on?" in html and turns[0].answer is None
    html, turns = next(steps)
    assert "Retrieved passages" in html and "cv_e418.md" in html and turns[0].answer is None
    model.release(0)
    html, turns = next(steps)
    assert "pc-draft" in html and turns[0].draft == "Jun " and turns[0].answer is None
    model.release(1)
    html, turns = _last(steps)
    answer = turns[0].answer
    assert answer is not None and not answer.refused
    assert answer.text == "Jun Wei works on congestion control for RDMA [1]."  # renumbered
    assert "pc-draft" not in html and "Retrieved passages" not in html
    assert 'href="#src-1-1"' in html and 'id="src-1-1"' in html
    assert "congestion control" in html.split("pc-sources", 1)[1]
    assert "corrected" in html  # the note, shown quietly


def test_a_follow_up_sends_the_conversation_and_new_chat_forgets_it(sample_index: Index) -> None:
    model = FakeChatModel(responses=["Jun Wei works on congestion control for RDMA [1].",
                                     "He focuses on lossless datacenter networks [1]."])
    app = _app(sample_index, model)
    _, turns = _last(app.respond("What does Jun Wei work on?", [], []))
    html, turns = _last(app.respond("Which networks does his research focus on?", turns, []))
    assert "Earlier question: What does Jun Wei work on?" in model.prompts[1]
    assert len(turns) == 2 and 'data-turn="2"' in html and "lossless datacenter" in html
    html, turns = app.new_chat()
    assert turns == [] and "What does Jun Wei" not in html


def test_sessions_do_not_share_conversations(sample_index: Index) -> None:
    app = _app(sample_index)
    alice: list[fmt.Turn] = []
    _, alice_after = _last(app.respond("Who advised Jun Wei?", alice, []))
    bob_html, bob_after = _last(app.respond("Where does Jia Wei work?", [], []))
    assert alice == [] and len(alice_after) == len(bob_after) == 1
    assert "Jun Wei" not in bob_html.split("pc-sources")[0]


def test_the_person_picker_narrows_the_answer(sample_index: Index) -> None:
    app = _app(sample_index)
    _, everyone = _last(app.respond("Who was the advisor?", [], []))
    _, picked = _last(app.respond("Who was the advisor?", [], ["Jia Wei"]))
    assert everyone[0].answer is not None and picked[0].answer is not None
    assert {c.person for c in everyone[0].answer.citations} != {"Jia Wei"}
    assert {c.person for c in picked[0].answer.citations} == {"Jia Wei"}
    assert "Oren Halperin" in picked[0].answer.text


def test_an_unanswerable_question_is_refused_not_an_error(sample_index: Index) -> None:
    html, turns = _last(_app(sample_index).respond("What is the capital of France?", [], []))
    assert turns[0].answer is not None and turns[0].answer.refused
    assert "pc-refusal" in html and "pc-error" not in html


def test_a_profilechat_error_is_a_message_in_the_page(sample_index: Index, monkeypatch) -> None:
    app = _app(sample_index)

    def unreachable(*args: object, **kwargs: object) -> Iterator[str]:
        raise StoreError("cannot open the Chroma store at http://db:8000: refused. Start it.")
        yield ""

    monkeypatch.setattr(app.assistant, "stream_answer", unreachable)
    html, turns = _last(app.respond("Who advised Jun Wei?", [], []))
    assert "pc-error" in html and "Start it." in html and "Traceback" not in html
    assert turns[0].error.startswith("cannot open the Chroma store")


def test_any_other_exception_is_a_bug_and_surfaces() -> None:
    def broken(emit: Any) -> None:
        raise KeyError("bug")

    with pytest.raises(KeyError):
        list(run_in_background(broken))


def test_an_empty_question_does_nothing(sample_index: Index) -> None:
    html, turns = _last(_app(sample_index).respond("   ", [], []))
    assert turns == [] and "pc-question" not in html


# -- upload ------------------------------------------------------------------------------------


def test_upload_reports_each_file_and_refreshes_people(settings: Settings, index: Index,
                                                        tmp_path: Path) -> None:
    settings.upload_mb = 0.01  # 10 KB: the CV fits, the big file does not
    drop = tmp_path / "drop"
    drop.mkdir()
    files = [cv_pdf(drop / "jane.pdf"), drop / "broken.pdf", drop / "big.txt", drop / "evil.md"]
    files[1].write_bytes(b"%PDF-1.4\n garbage")
    files[2].write_text("Big Person\n\n" + "word " * 4000)
    files[3].write_text(EVIL)
    app = _app(index)
    steps = list(app.upload([str(f) for f in files]))
    assert "Indexing" in steps[0][0]
    status, people, picker = steps[-1]
    assert "jane.pdf</strong> (Jane Doe) — added" in status
    assert "broken.pdf</strong> — failed: broken.pdf is truncated" in status
    assert "big.txt</strong> — failed: big.txt is 20 KB; the upload limit is 10 KB" in status
    assert str(settings.home) not in status  # reasons name files, not server paths
    assert "Jane Doe" in people and "Mallory Script" in people and "<script>" not in people
    assert set(picker.choices) >= {("Jane Doe", "Jane Doe"), ("Mallory Script", "Mallory Script")}
    again = list(app.upload([str(files[0])]))[-1][0]
    assert "jane.pdf</strong> (Jane Doe) — unchanged" in again

    html, turns = _last(app.respond("What award did Jane Doe win?", [], []))
    answer = turns[0].answer
    assert answer is not None and answer.citations[0].source == "jane.pdf"
    assert answer.citations[0].page == 3 and "p.&nbsp;3" in html
    html, _ = _last(app.respond("What does Mallory Script study about sandboxing?", [], []))
    assert "&lt;script&gt;window.__pwned=1&lt;/script&gt;" in html and "<script>" not in html
    assert "<img" not in html and "${" not in html


def test_upload_with_nothing_chosen_or_a_lost_file_says_so(index: Index, tmp_path: Path) -> None:
    status, _, _ = next(_app(index).upload([]))
    assert "Choose" in status
    status = list(_app(index).upload([str(tmp_path / "gone.pdf")]))[-1][0]
    assert "gone.pdf</strong> — failed: gone.pdf could not be stored" in status


# -- serving -----------------------------------------------------------------------------------


def test_auth_is_user_pass_or_a_file_of_them(tmp_path: Path) -> None:
    assert load_auth(None) is None
    assert load_auth("ann:s3:cret") == [("ann", "s3:cret")]
    logins = tmp_path / "logins"
    logins.write_text("# team\nann:one\n\nbob:two\n")
    assert load_auth(str(logins)) == [("ann", "one"), ("bob", "two")]
    logins.write_text("ann:one\nbob\n")
    with pytest.raises(ProfileChatError, match="line 2: expected user:pass"):
        load_auth(str(logins))


def test_chat_command_serves_on_localhost_unless_told(monkeypatch, tmp_path: Path) -> None:
    seen: list[Settings] = []
    monkeypatch.setattr("ui.app.launch", lambda settings, **kw: seen.append(settings))
    monkeypatch.delenv("PROFILECHAT_HOST", raising=False)
    assert main(["--home", str(tmp_path), "chat", "--llm", "extractive"]) == 0
    assert main(["--home", str(tmp_path), "chat", "--host", "0.0.0.0", "--port", "8123"]) == 0
    assert (seen[0].host, seen[0].port, seen[0].llm) == ("127.0.0.1", 7860, "extractive")
    assert (seen[1].host, seen[1].port) == ("0.0.0.0", 8123)


def test_the_server_binds_localhost_and_asks_for_a_login(settings: Settings, index: Index) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    settings.port, settings.auth = port, "ann:secret"
    demo, url = launch(settings, assistant=Assistant(settings, index=index, chat_model=None),
                       block=False)
    try:
        assert url == f"http://127.0.0.1:{port}/"
        assert httpx.get(f"{url}config").status_code == 401
        login = httpx.post(f"{url}login", data={"username": "ann", "password": "secret"})
        assert login.status_code == 200
        assert httpx.get(f"{url}config", cookies=login.cookies).status_code == 200
    finally:
        demo.close()


def test_a_collection_question_from_passages_names_each_person(sample_index: Index) -> None:
    html, turns = _last(_app(sample_index).respond(
        "Which researchers work on congestion control?", [], []))
    answer = turns[0].answer
    assert answer is not None and answer.route == "retrieval"
    lines = answer.text.split("\n")
    assert {line.split(":")[0] for line in lines} == {"Jun Wei", "Daniel Achterberg"}
    assert "Jun Wei: I work on congestion control" in html


def test_previews_and_cards_are_behind_the_login(settings: Settings, index: Index) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    settings.port, settings.auth = port, "ann:secret"
    demo, url = launch(settings, assistant=Assistant(settings, index=index, chat_model=None),
                       block=False)
    try:
        cookies = httpx.post(f"{url}login", data={"username": "ann", "password": "secret"}).cookies
        config = httpx.get(f"{url}config", cookies=cookies).json()
        transcript = next(c["id"] for c in config["components"]
                          if c.get("props", {}).get("elem_id") == "pc-transcript")
        preview = next(d["id"] for d in config["dependencies"]
                       if [transcript, "click"] in d["targets"])
        join = {"data": [None], "event_data": {"turn": 1, "n": 1}, "fn_index": preview,
                "session_hash": "s", "trigger_id": transcript}
        assert httpx.post(f"{url}gradio_api/queue/join", json=join).status_code == 401
        assert httpx.post(f"{url}gradio_api/queue/join", json=join,
                          cookies=cookies).status_code == 200
    finally:
        demo.close()
