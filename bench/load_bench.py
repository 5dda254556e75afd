"""Load on the web chat: concurrent chat sessions while documents are added, through the page's API.

    python -m bench.load_bench --llm extractive,local --seconds 180 --sessions 8

For each backend: a fresh temporary PROFILECHAT_HOME with the sample corpus ingested
(`profilechat ingest sample/profiles`), then `profilechat chat` on 127.0.0.1 at a free port, in its
own process group. After one warm-up answer, N sessions (one gradio_client Client each, so one
server-side state each) ask questions from eval/sample.jsonl in conversations of two turns (the
case's own history question and its follow-up, or the question and a generic follow-up such as
"Who advised them?"), starting a new chat every three conversations. While they run, one generated
profile is uploaded through the page's /upload endpoint and another is added by `profilechat
ingest` in a subprocess into the same home. Afterwards each new person is asked a question whose
answer their file states.

Measured: errors (an exception from the client, a Gradio error, a turn the page shows as "Could
not answer", a transcript without the answer or with the wrong number of turns), answers per
minute, p50/p95 seconds per answer (question sent to verified answer shown, queue wait included),
and the server's RSS (VmRSS from /proc) before any question, after the warm-up answer, and at the
end. Only 127.0.0.1 is contacted (client telemetry off); every loop is bounded in count and time;
the server's process group is killed at the end, and the temporary folder removed.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
PROFILECHAT = str(BIN / "profilechat")
SAMPLE = REPO / "sample" / "profiles"
CASES = REPO / "eval" / "sample.jsonl"
# Generic follow-ups after a question that has none of its own: they lean on the turn before.
FOLLOW_UPS = ["Who advised them?", "Where did they do their Ph.D.?",
              "What awards have they received?", "Where do they work now?", "When was that?",
              "Which of their papers appeared at OSDI?"]
CONVERSATIONS_PER_CHAT = 3
CLIENT_TIMEOUT_S = 60.0
# Nothing in the client or server may reach beyond this machine.
QUIET_ENV = {"GRADIO_ANALYTICS_ENABLED": "False", "HF_HUB_DISABLE_TELEMETRY": "1",
             "HF_HUB_OFFLINE": "1", "NO_PROXY": "127.0.0.1,localhost",
             "no_proxy": "127.0.0.1,localhost"}
TURN_RE = re.compile(r'<section class="pc-turn" data-turn="(\d+)">')


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def rss_mb(pid: int, field: str = "VmRSS") -> float:
    """VmRSS (or RssAnon: heap; RssFile: mapped files such as the model) of one process, in MB;
    0 when it is gone."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def children(pid: int) -> list[int]:
    kids: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            kids += [int(k) for k in (task / "children").read_text().split()]
        except OSError:
            pass
    return kids


def load_cases() -> list[dict]:
    return [json.loads(line) for line in CASES.read_text(encoding="utf-8").splitlines() if line]


def conversations(cases: list[dict], start: int) -> list[list[str]]:
    """Two-turn conversations in an order that starts at `start`, so sessions differ."""
    out = []
    for i in range(len(cases)):
        case = cases[(start + i) % len(cases)]
        if case["history"]:
            out.append([case["history"][0][0], case["question"]])
        else:
            out.append([case["question"], FOLLOW_UPS[(start + i) % len(FOLLOW_UPS)]])
    return out


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def ok(self, seconds: float) -> None:
        with self.lock:
            self.latencies.append(seconds)

    def error(self, what: str) -> None:
        with self.lock:
            self.errors.append(what[:300])


def client(url: str) -> Any:
    from gradio_client import Client

    # httpx's default 5 s timeout would count a slow POST (joining the queue) as an error; a
    # browser waits. The wait for the answer itself is bounded by --timeout in ask().
    return Client(url, verbose=False, analytics_enabled=False, download_files=False,
                  httpx_kwargs={"timeout": CLIENT_TIMEOUT_S})


SHOWN: list[float] = []  # seconds until the question is shown (a non-queued call)


def ask(c: Any, question: str, timeout: float) -> str:
    """One turn as the page sends it: show the question, then the answer; the final transcript."""
    start = time.monotonic()
    try:
        c.submit(question, api_name="/show_question").result(timeout=timeout)
    except Exception as exc:
        spent = time.monotonic() - start
        raise RuntimeError(f"show_question after {spent:.1f} s: {exc!r}") from exc
    SHOWN.append(time.monotonic() - start)
    try:
        return str(c.submit([], api_name="/respond").result(timeout=timeout))
    except Exception as exc:
        raise RuntimeError(f"respond after {time.monotonic() - start:.1f} s: {exc!r}") from exc


def check_turn(html: str, expected_turns: int) -> str | None:
    """Why the transcript is wrong after an answer, or None."""
    numbers = TURN_RE.findall(html)
    if len(numbers) != expected_turns:
        return f"transcript has {len(numbers)} turns, expected {expected_turns}"
    last = html[html.rfind('<section class="pc-turn"'):]
    if "pc-error" in last:
        return "page shows an error: " + re.sub(r"<[^>]+>", " ", last)[:200]
    if 'class="pc-answer' not in last or "pc-draft" in last:
        return "no verified answer in the last turn"
    return None


def session(n: int, url: str, cases: list[dict], deadline: float, max_answers: int,
            timeout: float, tally: Tally) -> None:
    try:
        c = client(url)
    except Exception as exc:  # noqa: BLE001 - counted, not raised
        tally.error(f"session {n}: connect: {exc!r}")
        return
    answered = 0
    turns = 0
    try:
        convos = conversations(cases, n * 7)
        for i in range(max_answers):  # the cases again and again, until the deadline
            if time.monotonic() >= deadline or answered >= max_answers:
                break
            convo = convos[i % len(convos)]
            if i and i % CONVERSATIONS_PER_CHAT == 0:
                c.predict(api_name="/new_chat")
                turns = 0
            for question in convo:
                start = time.monotonic()
                try:
                    html = ask(c, question, timeout)
                except Exception as exc:  # noqa: BLE001 - a Gradio error or a timeout
                    tally.error(f"session {n} at {time.monotonic() - deadline:+.0f} s from the "
                                f"end: {question!r}: {exc}")
                    return  # the session's state is unknown now
                turns += 1
                answered += 1
                problem = check_turn(html, turns)
                if problem:
                    tally.error(f"session {n}: {question!r}: {problem}")
                else:
                    tally.ok(time.monotonic() - start)
    finally:
        c.close()


def generated_profiles(folder: Path) -> list[tuple[Path, dict]]:
    """Two small generated profiles (text, not PDF), each with one question its file answers."""
    from bench.generate import generate

    truth = generate(folder / "gen", n=6, seed=2026)
    kinds = ("advisor", "phd_institution", "position", "internship", "venue", "award")
    picked = []
    for f in truth["files"]:
        if f["format"] == "pdf":
            continue
        qs = [q for q in truth["questions"] if q["gold_file"] == f["file"] and q["kind"] in kinds]
        if qs:
            picked.append((folder / "gen" / f["file"], qs[0]))
        if len(picked) == 2:
            break
    return picked


def upload(url: str, path: Path, timeout: float, out: dict) -> None:
    from gradio_client import handle_file

    start = time.monotonic()
    try:
        c = client(url)
        try:
            status_html, _people, _choices = c.submit(
                [handle_file(str(path))], api_name="/upload").result(timeout=timeout)
        finally:
            c.close()
        out["upload_s"] = round(time.monotonic() - start, 2)
        head = re.search(r"<div>([^<]*)</div>", str(status_html))
        out["upload_status"] = head.group(1) if head else str(status_html)[:200]
        if "Done" not in str(status_html) or "pc-failed" in str(status_html):
            out.setdefault("errors", []).append(f"upload: {status_html[:300]}")
    except Exception as exc:  # noqa: BLE001
        out.setdefault("errors", []).append(f"upload: {type(exc).__name__}: {exc}")


def cli_ingest(env: dict, path: Path, timeout: float, out: dict) -> None:
    start = time.monotonic()
    proc = subprocess.Popen([PROFILECHAT, "ingest", "--quiet", str(path)], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            start_new_session=True)
    try:
        text, _ = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        text, _ = proc.communicate()
        out.setdefault("errors", []).append(f"cli ingest: over {timeout:.0f} s")
    out["cli_ingest_s"] = round(time.monotonic() - start, 2)
    out["cli_ingest_output"] = text.strip().splitlines()[-1] if text.strip() else ""
    if proc.returncode != 0 or "1 added" not in text:
        out.setdefault("errors", []).append(f"cli ingest: exit {proc.returncode}: {text[-300:]}")


def wait_ready(url: str, proc: subprocess.Popen, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode}")
        try:
            with urllib.request.urlopen(url + "config", timeout=2):  # loopback only
                return
        except OSError:
            time.sleep(0.5)
    raise RuntimeError(f"server not ready after {seconds:.0f} s")


def stop(proc: subprocess.Popen) -> bool:
    """Kill the server's process group; True when nothing of it is left."""
    for sig, wait in ((signal.SIGTERM, 10.0), (signal.SIGKILL, 5.0)):
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            break
        try:
            proc.wait(timeout=wait)
        except subprocess.TimeoutExpired:
            continue
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:  # children (the parse worker) after the server
            try:
                os.killpg(proc.pid, 0)
            except ProcessLookupError:
                return True
            time.sleep(0.2)
    try:
        os.killpg(proc.pid, 0)
    except ProcessLookupError:
        return True
    return False


def run(llm: str, seconds: float, sessions: int, max_answers: int, timeout: float) -> dict:
    tmp = Path(tempfile.mkdtemp(prefix=f"profilechat-load-{llm}-"))
    env = {**os.environ, **QUIET_ENV, "PROFILECHAT_HOME": str(tmp / "home"),
           "PROFILECHAT_LLM": llm, "GRADIO_TEMP_DIR": str(tmp / "gradio")}
    os.environ.update(QUIET_ENV)
    result: dict[str, Any] = {"llm": llm, "sessions": sessions, "seconds": seconds}
    proc = None
    try:
        subprocess.run([PROFILECHAT, "ingest", "--quiet", str(SAMPLE)], env=env, check=True,
                       timeout=300, capture_output=True)
        (upload_file, upload_q), (cli_file, cli_q) = generated_profiles(tmp)
        port = free_port()
        url = f"http://127.0.0.1:{port}/"
        log = (tmp / "server.log").open("w")
        proc = subprocess.Popen([PROFILECHAT, "chat", "--host", "127.0.0.1", "--port", str(port)],
                                env=env, stdout=log, stderr=subprocess.STDOUT,
                                start_new_session=True)
        wait_ready(url, proc, 120)
        result["rss_ready_mb"] = round(rss_mb(proc.pid))
        warm = client(url)
        start = time.monotonic()
        ask(warm, "Who advised Jun Wei?", timeout)
        warm.close()
        result["warm_up_answer_s"] = round(time.monotonic() - start, 2)
        result["rss_start_mb"] = round(rss_mb(proc.pid))

        cases, tally = load_cases(), Tally()
        side: dict[str, Any] = {}
        samples: list[tuple[float, float]] = []
        anon: list[float] = []
        SHOWN.clear()
        t0 = time.monotonic()
        deadline = t0 + seconds
        threads = [threading.Thread(target=session, daemon=True,
                                    args=(n, url, cases, deadline, max_answers, timeout, tally))
                   for n in range(sessions)]

        def later(delay: float, work: Any, *args: Any) -> threading.Thread:
            def go() -> None:
                time.sleep(delay)
                work(*args)
            return threading.Thread(target=go, daemon=True)

        threads.append(later(seconds / 3, upload, url, upload_file, timeout, side))
        threads.append(later(seconds / 2, cli_ingest, env, cli_file, timeout, side))
        for t in threads:
            t.start()
        end_by = deadline + timeout + 30  # a session finishes the answer it is waiting for
        while any(t.is_alive() for t in threads) and time.monotonic() < end_by:
            samples.append((time.monotonic() - t0, rss_mb(proc.pid)))
            anon.append(rss_mb(proc.pid, "RssAnon"))
            time.sleep(2)
        stuck = sum(t.is_alive() for t in threads)
        if stuck:
            tally.error(f"{stuck} threads still running {end_by - deadline:.0f} s after the end")
        elapsed = time.monotonic() - t0
        result["rss_end_mb"] = round(rss_mb(proc.pid))
        result["rss_max_mb"] = round(max(r for _, r in samples)) if samples else 0
        minute = [r for t, r in samples if t >= 60]
        result["rss_after_1min_mb"] = round(minute[0]) if minute else None
        result["rss_every_30s_mb"] = [round(r) for t, r in samples[::15]]
        result["rss_anon_every_30s_mb"] = [round(r) for r in anon[::15]]
        result["rss_anon_end_mb"] = round(rss_mb(proc.pid, "RssAnon"))
        result["show_question_max_s"] = round(max(SHOWN), 2) if SHOWN else None
        result["worker_rss_mb"] = round(sum(rss_mb(k) for k in children(proc.pid)))

        # The two new people, asked once the load is over.
        found = 0
        check = client(url)
        for q in (upload_q, cli_q):
            html = ask(check, q["question"], timeout)
            last = html[html.rfind('<section class="pc-turn"'):]
            found += any(a.strip().lower() in last.lower() for a in q["answer"].split(";"))
        check.close()
        result["new_people_answered"] = f"{found} of 2"

        lat = sorted(tally.latencies)
        errors = tally.errors + side.get("errors", [])
        result.update({
            "elapsed_s": round(elapsed, 1),
            "answers": len(lat),
            "answers_per_min": round(len(lat) / elapsed * 60, 1),
            "p50_s": round(statistics.median(lat), 2) if lat else None,
            "p95_s": round(lat[max(0, int(len(lat) * 0.95 + 0.5) - 1)], 2) if lat else None,
            "max_s": round(lat[-1], 2) if lat else None,
            "errors": len(errors), "error_samples": errors[:5],
            **{k: v for k, v in side.items() if k != "errors"},
        })
    finally:
        if proc is not None:
            result["server_stopped"] = stop(proc)
            log.close()
            text = (tmp / "server.log").read_text(errors="replace")
            result["server_log_tracebacks"] = text.count("Traceback")
            if (not result["server_stopped"] or result["server_log_tracebacks"]
                    or proc.returncode not in (0, -signal.SIGTERM)):
                result["server_log_tail"] = text[-2000:]
        shutil.rmtree(tmp, ignore_errors=True)
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--llm", default="extractive",
                        help="backends, comma-separated (extractive,local)")
    parser.add_argument("--seconds", type=float, default=180, help="load duration per backend")
    parser.add_argument("--sessions", type=int, default=8, help="concurrent chat sessions")
    parser.add_argument("--max-answers", type=int, default=2000, help="per session, at most")
    parser.add_argument("--timeout", type=float, default=300,
                        help="longest wait for one answer, queue included (s)")
    parser.add_argument("--json", type=Path, help="also write the results here")
    args = parser.parse_args(argv)
    results = []
    for llm in args.llm.split(","):
        print(f"{llm}: {args.sessions} sessions for {args.seconds:.0f} s…", file=sys.stderr,
              flush=True)
        results.append(run(llm.strip(), args.seconds, args.sessions, args.max_answers,
                           args.timeout))
        print(json.dumps(results[-1], indent=1), flush=True)
    if args.json:
        args.json.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    return 0 if all(r.get("errors") == 0 and r.get("server_stopped")
                    and not r.get("server_log_tracebacks") for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
