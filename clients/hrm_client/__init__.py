"""HRM client (sync + async, gRPC + HTTP). Installs without Ray or vLLM."""
