"""The Ray Serve application: gRPC + HTTP ingress over the core pipeline, autoscaled grader replicas.

Build it with :func:`judge_server.serve.app.build_app` (the Serve config's import path); configure it
with :class:`judge_server.serve.config.ServeConfig`.
"""
