"""Ingress capacity: judgments and grader questions per second through HRM's ingress, beside the floor Ray sets.

One private Ray cluster holds, side by side, HRM apps with 1 and 2 ingress replicas (grader: the fake engine,
zero delay, cache off, so the grader costs nothing and the ingress is what is measured) and bare Ray Serve apps
with 1 and 2 ingress replicas: an HTTP deployment that, for each item of a batch, makes the same number of
handle calls to a no-op grader deployment as HRM asked questions for that item (read from HRM's own results in
a warm-up pass), sending the item's JSON as the prompt. The floor is what Ray Serve itself costs for that
traffic; HRM / floor is the share of it HRM keeps.

Per app and round (rounds interleave, so the shared machine's drift hits every variant alike): judgments/s and
questions/s over HTTP batch (and, for HRM, gRPC ScoreBatch and StreamScore), and the CPU seconds the ingress
replicas' processes spent per judgment and per question (psutil, process titles ``ServeReplica:<app>:<name>``).

    python research/bench/bench_ingress.py --n 512 --rounds 2 --json research/bench/results/ingress/ingress.json

``--baseline FILE`` compares HRM's ingress CPU per judgment with an earlier run's and prints a loud REGRESSION
line when it doubled (this machine is shared: a figure within 2x is noise, twice is a change).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from _serve import free_port, log

ROOT = Path(__file__).resolve().parents[2]
BATCH = 32


def items(n: int) -> list[dict[str, Any]]:
    rows = [json.loads(line) for line in (ROOT / "examples" / "smartshop.jsonl").read_text().splitlines()]
    return [dict(rows[i % len(rows)], id=f"i{i}") for i in range(n)]


def floor_app(replicas: int, per_judgment: bool = False):  # noqa: ANN201 - a Ray Serve application
    """The bare-Serve floor: one handle call per question, or (``per_judgment``) one call per item carrying all
    its questions, the fewest calls any ingress could make."""
    from ray import serve
    from starlette.requests import Request
    from starlette.responses import JSONResponse

    @serve.deployment(name="noop_grader", ray_actor_options={"num_cpus": 0.1}, max_ongoing_requests=100_000)
    class NoopGrader:
        async def generate(self, prompt: str) -> dict[str, Any]:
            return {"text": '{"verdict": "yes", "reason": "ok"}', "prompt_chars": len(prompt)}

        async def generate_many(self, prompts: list[str]) -> list[dict[str, Any]]:
            return [{"text": '{"verdict": "yes", "reason": "ok"}', "prompt_chars": len(p)} for p in prompts]

    @serve.deployment(name="floor_ingress", num_replicas=replicas, ray_actor_options={"num_cpus": 0.1},
                      max_ongoing_requests=100_000)
    class FloorIngress:
        def __init__(self, grader: Any) -> None:
            self.grader = grader

        async def __call__(self, request: Request) -> JSONResponse:
            body = await request.json()

            async def one(item: dict[str, Any]) -> dict[str, Any]:
                prompt = json.dumps(item)
                if per_judgment:
                    answers = await self.grader.generate_many.remote([prompt] * item["_k"])
                else:
                    answers = await asyncio.gather(*(self.grader.generate.remote(prompt) for _ in range(item["_k"])))
                return {"id": item["id"], "result": {"reward": 1.0, "llm_calls": len(answers)}}

            # HRM's batch answer shape, so both are read by the same client code
            return JSONResponse({"items": await asyncio.gather(*(one(i) for i in body["items"]))})

    return FloorIngress.bind(NoopGrader.bind())


def hrm_config(replicas: int, coalesce_max: int = 16) -> dict[str, Any]:
    # judge.concurrency as deploy/rayservice.yaml sets it for a vLLM grader (the default, 4, suits llama.cpp
    # slots and would cap the ingress at 4 questions in flight)
    return {"hrm": {"engine": {"kind": "fake", "fake": {"delay_s": 0.0}}, "cache": {"enabled": False},
                    "judge": {"concurrency": 256}},
            "ingress": {"num_cpus": 0.1, "num_replicas": replicas}, "grader": {"num_cpus": 0.1},
            "max_queue": 100_000, "grader_coalesce_max": coalesce_max}


def replica_cpu(app: str, deployment: str) -> float:
    """CPU seconds (user + system) of the live replica processes of ``app``'s ``deployment``."""
    import psutil

    total = 0.0
    for p in psutil.process_iter(["cmdline"]):
        try:
            title = " ".join(p.info["cmdline"] or [])
            if f"ServeReplica:{app}:{deployment}" in title:
                t = p.cpu_times()
                total += t.user + t.system
        except (psutil.NoSuchProcess, psutil.AccessDenied):
            continue
    return total


async def http_batches(url: str, batch_items: list[list[dict[str, Any]]], concurrency: int) -> tuple[float, int]:
    """Judgments/s sending batches to ``url``, and the questions the answers report."""
    import httpx

    sem = asyncio.Semaphore(concurrency)
    questions = 0

    async with httpx.AsyncClient(timeout=600, limits=httpx.Limits(max_connections=concurrency)) as http:
        async def one(batch: list[dict[str, Any]]) -> None:
            nonlocal questions
            async with sem:
                r = await http.post(url, json={"items": batch})
                r.raise_for_status()
                for res in r.json()["items"]:
                    assert res["result"]["reward"] is not None, res
                    questions += res["result"]["llm_calls"]

        t0 = time.perf_counter()
        await asyncio.gather(*(one(b) for b in batch_items))
        return sum(map(len, batch_items)) / (time.perf_counter() - t0), questions


async def grpc_batches(target: str, batch_items: list[list[dict[str, Any]]], concurrency: int) -> tuple[float, int]:
    import grpc

    from hrm_wire.proto import judge_pb2, judge_pb2_grpc

    sem = asyncio.Semaphore(concurrency)
    questions = 0
    async with grpc.aio.insecure_channel(target) as ch:
        stub = judge_pb2_grpc.JudgeServiceStub(ch)

        async def one(batch: list[dict[str, Any]]) -> None:
            nonlocal questions
            async with sem:
                req = judge_pb2.ScoreBatchRequest(items=[judge_pb2.ScoreRequest(id=i["id"], request_json=json.dumps(i))
                                                         for i in batch])
                resp = await stub.ScoreBatch(req, timeout=600)
                for r in resp.items:
                    assert r.WhichOneof("outcome") == "result"
                    questions += json.loads(r.result.result_json)["llm_calls"]

        t0 = time.perf_counter()
        await asyncio.gather(*(one(b) for b in batch_items))
        return sum(map(len, batch_items)) / (time.perf_counter() - t0), questions


async def grpc_stream(target: str, flat: list[dict[str, Any]], window: int) -> tuple[float, int]:
    import grpc

    from hrm_wire.proto import judge_pb2, judge_pb2_grpc

    async with grpc.aio.insecure_channel(target) as ch:
        stub = judge_pb2_grpc.JudgeServiceStub(ch)
        slots = asyncio.Semaphore(window)

        async def requests():  # noqa: ANN202
            for i in flat:
                await slots.acquire()
                yield judge_pb2.ScoreRequest(id=i["id"], request_json=json.dumps(i))

        t0 = time.perf_counter()
        n = questions = 0
        async for resp in stub.StreamScore(requests(), timeout=600):
            assert resp.WhichOneof("outcome") == "result"
            n += 1
            questions += json.loads(resp.result.result_json)["llm_calls"]
            slots.release()
        assert n == len(flat)
        return n / (time.perf_counter() - t0), questions


def plot(summary: dict[str, Any], path: Path) -> None:
    """Judgments/s per variant (mean of the rounds, each round a dot) and ingress CPU per question."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    variants = [(f"hrm{r}", t) for r in (1, 2) for t in ("http_batch", "grpc_batch", "grpc_stream")]
    variants += [(f"floor{r}", "http_batch") for r in (1, 2)]
    variants += [(a, "http_batch") for a in ("solo1", "fjudg1") if any(x["app"] == a for x in summary["runs"])]
    variants.sort(key=lambda v: (v[0][-1], v[0].startswith(("floor", "fjudg")), v[1]))
    names = {"hrm": "HRM", "floor": "Ray floor", "solo": "HRM, 1 call/question", "fjudg": "Ray floor, 1 call/judgment"}
    labels = [f"{names[a[:-1]]} {t.replace('_', ' ')}\n{a[-1]} ingress" for a, t in variants]
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(13, 4.8))
    for i, (app, transport) in enumerate(variants):
        rows = [x for x in summary["runs"] if x["app"] == app and x["transport"] == transport]
        color = "tab:gray" if app.startswith(("floor", "fjudg")) else "tab:blue"
        ax1.bar(i, statistics.mean(x["judgments_per_s"] for x in rows), color=color)
        ax1.plot([i] * len(rows), [x["judgments_per_s"] for x in rows], "k.")
        ax2.bar(i, statistics.mean(x["ingress_cpu_ms_per_question"] for x in rows), color=color)
    for ax, title in ((ax1, "judgments/s (free grader; dots: rounds)"), (ax2, "ingress CPU ms per grader question")):
        ax.set_xticks(range(len(variants)), labels, rotation=45, ha="right", fontsize=8)
        ax.set_title(title)
    fig.suptitle(f"Ingress capacity: HRM vs a bare Ray Serve app making the same handle calls "
                 f"({summary['questions_per_judgment']:.1f} questions per judgment)")
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--n", type=int, default=512, help="judgments per measurement")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--concurrency", type=int, default=4, help="batches in flight (a stream: this x 32 in flight)")
    ap.add_argument("--json", type=Path)
    ap.add_argument("--baseline", type=Path, help="an earlier --json: REGRESSION when CPU per judgment doubled")
    ap.add_argument("--plot-only", type=Path, help="draw the plot of an earlier --json and stop")
    args = ap.parse_args()
    if args.plot_only:
        plot(json.loads(args.plot_only.read_text()), args.plot_only.with_suffix(".png"))
        return 0

    import ray
    from ray import serve

    from judge_server.serve.app import build_app
    from judge_server.serve.ray_start import start_local_ray

    flat = items(args.n)
    batches = [flat[i:i + BATCH] for i in range(0, len(flat), BATCH)]
    start_local_ray(8, log=log, object_store_memory=300 * 1024**2)
    runs: list[dict[str, Any]] = []
    try:
        http_port = free_port()
        serve.start(http_options={"host": "127.0.0.1", "port": http_port})
        base = f"http://127.0.0.1:{http_port}"
        grpc_ports: dict[str, int] = {}
        for r in (1, 2):
            name = f"hrm{r}"
            grpc_ports[name] = free_port()
            cfg = {**hrm_config(r), "app_name": name, "grpc": {"host": "127.0.0.1", "port": grpc_ports[name]}}
            serve.run(build_app(cfg), name=name, route_prefix=f"/{name}", blocking=False)
            serve.run(floor_app(r), name=f"floor{r}", route_prefix=f"/floor{r}", blocking=False)
        # one ingress replica each: HRM with one grader call per question (as before coalescing), and the floor
        # with one call per judgment
        grpc_ports["solo1"] = free_port()
        cfg = {**hrm_config(1, coalesce_max=0), "app_name": "solo1",
               "grpc": {"host": "127.0.0.1", "port": grpc_ports["solo1"]}}
        serve.run(build_app(cfg), name="solo1", route_prefix="/solo1", blocking=False)
        serve.run(floor_app(1, per_judgment=True), name="fjudg1", route_prefix="/fjudg1", blocking=False)
        for r in (1, 2):
            grader = serve.get_deployment_handle("grader", app_name=f"hrm{r}")
            assert grader.wait_ready.remote(300).result(), "grader not ready"
        log("apps ready; warm-up (and each item's question count for the floor)")
        k: dict[str, int] = {}
        for name in ("hrm1", "hrm2", "solo1"):
            asyncio.run(http_batches(f"{base}/{name}/v1/score/batch", batches[:2], 2))
        import httpx

        for b in batches:
            res = httpx.post(f"{base}/hrm1/v1/score/batch", json={"items": b}, timeout=600).json()["items"]
            k.update({x["id"]: x["result"]["llm_calls"] for x in res})
        floor_batches = [[{**i, "_k": k[i["id"]]} for i in b] for b in batches]
        for name in ("floor1", "floor2", "fjudg1"):
            asyncio.run(http_batches(f"{base}/{name}", floor_batches[:2], 2))
        log(f"{args.n} judgments, {sum(k.values())} questions ({statistics.mean(k.values()):.2f} per judgment)")

        def measure(app: str, transport: str, deployment: str, fn) -> None:  # noqa: ANN001
            cpu0 = replica_cpu(app, deployment)
            rate, questions = fn()
            cpu = replica_cpu(app, deployment) - cpu0
            row = {"app": app, "replicas": int(app[-1]), "transport": transport, "judgments_per_s": rate,
                   "questions_per_s": rate * questions / args.n, "questions": questions,
                   "ingress_cpu_ms_per_judgment": 1e3 * cpu / args.n,
                   "ingress_cpu_ms_per_question": 1e3 * cpu / max(1, questions)}
            runs.append({**row, "round": rnd})
            log(f"  {app:7s} {transport:12s} {rate:8.1f} judgments/s {row['questions_per_s']:8.1f} questions/s "
                f"ingress CPU {row['ingress_cpu_ms_per_judgment']:.2f} ms/judgment")

        for rnd in range(args.rounds):
            log(f"round {rnd + 1} of {args.rounds}")
            for r in (1, 2):
                hrm, floor = f"hrm{r}", f"floor{r}"
                measure(hrm, "http_batch", "ingress", lambda hrm=hrm: asyncio.run(
                    http_batches(f"{base}/{hrm}/v1/score/batch", batches, args.concurrency)))
                measure(floor, "http_batch", "floor_ingress", lambda floor=floor: asyncio.run(
                    http_batches(f"{base}/{floor}", floor_batches, args.concurrency)))
                measure(hrm, "grpc_batch", "ingress", lambda hrm=hrm: asyncio.run(
                    grpc_batches(f"127.0.0.1:{grpc_ports[hrm]}", batches, args.concurrency)))
                measure(hrm, "grpc_stream", "ingress", lambda hrm=hrm: asyncio.run(
                    grpc_stream(f"127.0.0.1:{grpc_ports[hrm]}", flat, args.concurrency * BATCH)))
                if r == 1:
                    measure("solo1", "http_batch", "ingress", lambda: asyncio.run(
                        http_batches(f"{base}/solo1/v1/score/batch", batches, args.concurrency)))
                    measure("fjudg1", "http_batch", "floor_ingress", lambda: asyncio.run(
                        http_batches(f"{base}/fjudg1", floor_batches, args.concurrency)))
    finally:
        try:
            serve.shutdown()
        finally:
            ray.shutdown()

    def mean_of(app: str, transport: str, key: str) -> float:
        return statistics.mean(x[key] for x in runs if x["app"] == app and x["transport"] == transport)

    summary: dict[str, Any] = {"n": args.n, "rounds": args.rounds, "batch": BATCH, "concurrency": args.concurrency,
                               "questions_per_judgment": statistics.mean(k.values()), "runs": runs, "by_replicas": {}}
    for r in (1, 2):
        s = {t: {key: mean_of(f"hrm{r}", t, key) for key in ("judgments_per_s", "questions_per_s",
                                                            "ingress_cpu_ms_per_judgment", "ingress_cpu_ms_per_question")}
             for t in ("http_batch", "grpc_batch", "grpc_stream")}
        s["floor_http_batch"] = {key: mean_of(f"floor{r}", "http_batch", key)
                                 for key in ("judgments_per_s", "questions_per_s", "ingress_cpu_ms_per_question")}
        per_round = [a["judgments_per_s"] / b["judgments_per_s"] for a in runs for b in runs
                     if a["app"] == f"hrm{r}" and b["app"] == f"floor{r}" and a["transport"] == b["transport"]
                     == "http_batch" and a["round"] == b["round"]]
        s["hrm_over_floor_http"] = per_round
        summary["by_replicas"][str(r)] = s
    one = summary["by_replicas"]["1"]
    for app, key in (("solo1", "solo_http_batch"), ("fjudg1", "floor_per_judgment_http_batch")):
        one[key] = {k2: mean_of(app, "http_batch", k2) for k2 in ("judgments_per_s", "questions_per_s",
                                                                  "ingress_cpu_ms_per_question")}
    for app, key in (("solo1", "hrm_over_solo_http"), ("fjudg1", "hrm_over_floor_per_judgment_http")):
        one[key] = [a["judgments_per_s"] / b["judgments_per_s"] for a in runs for b in runs
                    if a["app"] == "hrm1" and b["app"] == app and a["transport"] == b["transport"] == "http_batch"
                    and a["round"] == b["round"]]
    one, two = summary["by_replicas"]["1"], summary["by_replicas"]["2"]
    print(json.dumps({k2: v for k2, v in summary.items() if k2 != "runs"}, indent=2))
    print(f"HRM / bare-Serve floor, HTTP batch, judgments/s: 1 ingress {one['hrm_over_floor_http']}, "
          f"2 ingress {two['hrm_over_floor_http']}; 2 ingress / 1 ingress (HRM HTTP): "
          f"{two['http_batch']['judgments_per_s'] / one['http_batch']['judgments_per_s']:.2f}; "
          f"HRM ingress CPU {one['http_batch']['ingress_cpu_ms_per_question']:.2f} ms/question vs floor "
          f"{one['floor_http_batch']['ingress_cpu_ms_per_question']:.2f}")
    print(f"1 ingress, HTTP batch, judgments/s: HRM (questions coalesced) / HRM (one call per question) "
          f"{one['hrm_over_solo_http']}; HRM / floor with one call per judgment "
          f"{one['hrm_over_floor_per_judgment_http']}")
    if args.baseline and args.baseline.is_file():
        base_cpu = json.loads(args.baseline.read_text())["by_replicas"]["1"]["http_batch"]["ingress_cpu_ms_per_judgment"]
        now = one["http_batch"]["ingress_cpu_ms_per_judgment"]
        verdict = "REGRESSION: ingress CPU per judgment doubled" if now > 2 * base_cpu else "within 2x of the baseline"
        print(f"ingress CPU per judgment {now:.2f} ms vs baseline {base_cpu:.2f} ms: {verdict}")
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(summary, indent=1))
        plot(summary, args.json.with_suffix(".png"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
