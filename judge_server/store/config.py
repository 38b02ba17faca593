"""Configuration of the judgment store."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from judge_server.home import default_home


def default_url() -> str:
    """``sqlite:///$HRM_HOME/judgments.db`` (HRM_HOME read when the config is built)."""
    return f"sqlite:///{default_home() / 'judgments.db'}"


class StoreConfig(BaseModel):
    """Where and how judgments and human labels are persisted."""

    model_config = ConfigDict(extra="forbid")

    enabled: bool = Field(default=True, description="Persist every judgment the service makes.")
    url: str = Field(default_factory=default_url,
                     description="SQLAlchemy database URL: SQLite (WAL mode) by default, e.g. "
                                 "postgresql+psycopg://user@host/hrm for a store shared by several replicas.")
    connect_timeout_s: int = Field(
        default=5, ge=2,
        description="PostgreSQL: give up opening a connection after this many seconds (libpq's connect_timeout; "
                    "a URL that sets connect_timeout wins). Without it a database host that stops answering "
                    "(network partition, a hung server) stalls the writer and every label write for minutes; "
                    "with it the outage is noticed, judgments queue, and label writes get a typed 503.")
    retention_days: float | None = Field(
        default=None, gt=0, description="Delete judgments older than this many days; None keeps them forever.")
    keep_labelled: bool = Field(
        default=True, description="Retention spares judgments that carry human labels (they are costly to redo).")
    purge_interval_s: float = Field(default=3600.0, gt=0,
                                    description="How often the writer applies the retention rule.")
    queue_size: int = Field(default=10_000, ge=1,
                            description="Judgments waiting to be written; when full, new ones are dropped and "
                                        "counted, never blocking a scoring request.")
    batch_size: int = Field(default=256, ge=1, description="Most judgments written in one transaction.")
    write_retries: int = Field(default=20, ge=0,
                               description="Retries of a failed batch write (exponential backoff) before the "
                                           "batch is dropped and counted. The default rides out a database "
                                           "restart of about half a minute; new judgments queue meanwhile.")
    retry_backoff_s: float = Field(default=0.2, ge=0, description="First retry delay; doubles per retry.")
    retry_backoff_max_s: float = Field(default=2.0, ge=0,
                                       description="Longest retry delay, so a batch is written soon after the "
                                                   "database comes back.")
    ack_timeout_s: float = Field(
        default=2.0, ge=0,
        description="How long the service holds an answer until the store has committed its judgment (group "
                    "commit: about one write interval), so an ingress replica killed after answering loses no "
                    "acknowledged judgment. When it runs out the answer goes out anyway, marked `pending` and "
                    "counted; while the database is down answers go out at once, marked `queued`. 0 answers "
                    "without waiting (every answer `pending`).")
