"""Service vs in-process pipeline, side by side in one run, on the same prompts and engine config.

Measures:
1. throughput: judgments/s of the direct ScoringPipeline vs the Ray Serve app over gRPC (unary calls
   at the same concurrency), cache off; the direct run happens before and after the service run and
   the ratio uses their mean (the machine is shared; the spread is printed);
2. cache-hit latency p50/p99 over gRPC and over HTTP (sequential calls, same content, cache on);
3. StreamScore vs unary throughput at the same concurrency (cache hits: the transport's own cost).

    python research/bench/bench_service.py --engine embedded --model smollm2-135m --n 6 --concurrency 3
    python research/bench/bench_service.py --engine fake --fake-delay 0.2      # service overhead only
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import time
from pathlib import Path
from typing import Any

from _serve import log, pct, running_app

ROOT = Path(__file__).resolve().parents[2]


def prompts(n: int) -> list[dict[str, Any]]:
    rows = [json.loads(line) for line in (ROOT / "examples" / "smartshop.jsonl").read_text().splitlines()]
    return [dict(rows[i % len(rows)], id=f"p{i}") for i in range(n)]


def core_config(args: argparse.Namespace, cache_dir: Path) -> dict[str, Any]:
    engine: dict[str, Any] = {"kind": args.engine}
    if args.engine == "embedded":
        engine.update(model=args.model, n_parallel=args.n_parallel, threads=args.threads,
                      batch_threads=args.threads)
    elif args.engine == "fake":
        engine["fake"] = {"delay_s": args.fake_delay}
    return {"engine": engine, "cache": {"directory": str(cache_dir)}, "judge": {"concurrency": args.llm_concurrency}}


async def direct_throughput(hrm: dict[str, Any], items: list[dict[str, Any]], concurrency: int) -> float:
    from judge_server.config import HRMConfig
    from judge_server.pipeline import ScoringPipeline

    pipeline = ScoringPipeline(HRMConfig.model_validate(hrm))
    await pipeline.start()
    try:
        sem = asyncio.Semaphore(concurrency)

        async def one(item: dict[str, Any]) -> None:
            async with sem:
                r = await pipeline.score(pipeline.parse_request({**item, "options": {"use_cache": False}}))
                assert r.reward is not None or r.judge_failed

        t0 = time.perf_counter()
        await asyncio.gather(*(one(i) for i in items))
        return len(items) / (time.perf_counter() - t0)
    finally:
        await pipeline.close()


async def grpc_unary_throughput(target: str, payloads: list[tuple[str, dict[str, Any]]], concurrency: int) -> float:
    import grpc

    from hrm_wire.proto import judge_pb2, judge_pb2_grpc

    async with grpc.aio.insecure_channel(target) as ch:
        stub = judge_pb2_grpc.JudgeServiceStub(ch)
        sem = asyncio.Semaphore(concurrency)
        reqs = [judge_pb2.ScoreRequest(id=i, request_json=json.dumps(p)) for i, p in payloads]

        async def one(req: Any) -> None:
            async with sem:
                resp = await stub.Score(req, timeout=3600)
                assert resp.WhichOneof("outcome") == "result"

        t0 = time.perf_counter()
        await asyncio.gather(*(one(r) for r in reqs))
        return len(reqs) / (time.perf_counter() - t0)


async def grpc_stream_throughput(target: str, payloads: list[tuple[str, dict[str, Any]]], concurrency: int) -> float:
    import grpc

    from hrm_wire.proto import judge_pb2, judge_pb2_grpc

    async with grpc.aio.insecure_channel(target) as ch:
        stub = judge_pb2_grpc.JudgeServiceStub(ch)
        window = asyncio.Semaphore(concurrency)  # at most `concurrency` requests outstanding, like unary

        async def requests():
            for i, p in payloads:
                await window.acquire()
                yield judge_pb2.ScoreRequest(id=i, request_json=json.dumps(p))

        t0 = time.perf_counter()
        n = 0
        async for resp in stub.StreamScore(requests(), timeout=3600):
            assert resp.WhichOneof("outcome") == "result"
            n += 1
            window.release()
        assert n == len(payloads)
        return n / (time.perf_counter() - t0)


async def cache_hit_latency(target: str, base_url: str, payload: dict[str, Any], n: int) -> dict[str, float]:
    import grpc
    import httpx

    from hrm_wire.proto import judge_pb2, judge_pb2_grpc

    out: dict[str, float] = {}
    async with grpc.aio.insecure_channel(target) as ch:
        stub = judge_pb2_grpc.JudgeServiceStub(ch)
        req = judge_pb2.ScoreRequest(id="hit", request_json=json.dumps(payload))
        first = await stub.Score(req, timeout=3600)  # fills the cache
        lat = []
        for _ in range(n):
            t0 = time.perf_counter()
            resp = await stub.Score(req, timeout=60)
            lat.append(time.perf_counter() - t0)
            assert resp.result.cached and resp.result.reward == first.result.reward
        out["grpc_p50_ms"], out["grpc_p99_ms"] = pct(lat, 50) * 1e3, pct(lat, 99) * 1e3
    async with httpx.AsyncClient(base_url=base_url, timeout=60) as http:
        lat = []
        body = json.dumps(payload).encode()
        for _ in range(n):
            t0 = time.perf_counter()
            r = await http.post("/v1/score", content=body, headers={"content-type": "application/json"})
            lat.append(time.perf_counter() - t0)
            assert r.status_code == 200 and r.json()["cached"]
        out["http_p50_ms"], out["http_p99_ms"] = pct(lat, 50) * 1e3, pct(lat, 99) * 1e3
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", default="embedded", help="embedded | fake")
    ap.add_argument("--model", default="smollm2-135m", help="embedded model (SmolLM2 is fine for throughput)")
    ap.add_argument("--n", type=int, default=6, help="judgments per throughput run")
    ap.add_argument("--concurrency", type=int, default=3, help="judgments in flight (direct and service)")
    ap.add_argument("--llm-concurrency", type=int, default=8, help="hrm.judge.concurrency (both sides)")
    ap.add_argument("--n-parallel", type=int, default=2, help="llama.cpp slots (embedded)")
    ap.add_argument("--threads", type=int, default=2, help="llama.cpp threads (embedded)")
    ap.add_argument("--fake-delay", type=float, default=0.2, help="seconds per generation (fake engine)")
    ap.add_argument("--hits", type=int, default=200, help="cache-hit calls per transport")
    ap.add_argument("--transport-n", type=int, default=400, help="cache-hit judgments for stream vs unary")
    ap.add_argument("--transport-concurrency", type=int, default=16)
    ap.add_argument("--json", type=Path, help="also write the results here")
    args = ap.parse_args()

    import tempfile

    tmp = Path(tempfile.mkdtemp(prefix="hrm-bench-"))
    hrm = core_config(args, tmp / "cache")
    items = prompts(args.n)
    results: dict[str, Any] = {"engine": args.engine, "model": args.model if args.engine == "embedded" else None,
                               "n": args.n, "concurrency": args.concurrency}

    log(f"direct pipeline run 1: {args.n} judgments at concurrency {args.concurrency}")
    d1 = asyncio.run(direct_throughput(hrm, items, args.concurrency))
    log(f"  {d1:.4f} judgments/s")

    config = {"hrm": hrm, "ingress": {"num_cpus": 0.1}, "grader": {"num_cpus": 0.1}, "max_queue": 100_000}
    with running_app(config, name="bench", ready_timeout_s=900) as app:
        target, base_url = app.grpc_target, app.http_url
        log("service run (gRPC unary, same prompts, same concurrency)")
        payloads = [(i["id"], {**i, "options": {"use_cache": False}}) for i in items]
        s = asyncio.run(grpc_unary_throughput(target, payloads, args.concurrency))
        log(f"  {s:.4f} judgments/s")

        log(f"cache-hit latency: {args.hits} sequential calls per transport")
        results["cache_hit"] = asyncio.run(cache_hit_latency(target, base_url, items[0], args.hits))
        log(f"  {results['cache_hit']}")

        log(f"stream vs unary: {args.transport_n} cache-hit judgments at concurrency {args.transport_concurrency}")
        hits = [(f"t{k}", items[0]) for k in range(args.transport_n)]
        u = asyncio.run(grpc_unary_throughput(target, hits, args.transport_concurrency))
        st = asyncio.run(grpc_stream_throughput(target, hits, args.transport_concurrency))
        u2 = asyncio.run(grpc_unary_throughput(target, hits, args.transport_concurrency))
        st2 = asyncio.run(grpc_stream_throughput(target, hits, args.transport_concurrency))
        results["transport"] = {"unary_per_s": [u, u2], "stream_per_s": [st, st2],
                                "stream_over_unary": (st + st2) / (u + u2)}
        log(f"  {results['transport']}")

    log("direct pipeline run 2")
    d2 = asyncio.run(direct_throughput(hrm, items, args.concurrency))
    log(f"  {d2:.4f} judgments/s")
    direct = statistics.mean([d1, d2])
    results["throughput"] = {"direct_per_s": [d1, d2], "service_per_s": s, "service_over_direct": s / direct,
                             "direct_spread": abs(d1 - d2) / direct}
    print(json.dumps(results, indent=2))
    print(f"service/direct judgments/s = {s:.4f}/{direct:.4f} = {s / direct:.3f} "
          f"(direct runs {d1:.4f} and {d2:.4f}); cache-hit p50/p99 gRPC "
          f"{results['cache_hit']['grpc_p50_ms']:.1f}/{results['cache_hit']['grpc_p99_ms']:.1f} ms, HTTP "
          f"{results['cache_hit']['http_p50_ms']:.1f}/{results['cache_hit']['http_p99_ms']:.1f} ms; "
          f"stream/unary = {results['transport']['stream_over_unary']:.2f}")
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
