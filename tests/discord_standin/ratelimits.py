"""Rate-limit headers on every response, from fixed-window buckets like Discord's.

A bucket is the route template plus its major parameters (channel, guild, webhook). Buckets are
generous by default so tests are not slowed, but the counts are real: discord.py reads them and
pre-emptively waits when Remaining reaches 0, and a client that ignored them would get 429s.
"""

from __future__ import annotations

import hashlib
import math
import time
from dataclasses import dataclass

VIA = "1.1 google"  # discord.py treats a 429 without Via as a Cloudflare ban and gives up


@dataclass
class Bucket:
    hash: str
    limit: int
    window: float
    reset_at: float = 0.0
    used: int = 0

    def take(self, now: float) -> bool:
        if now >= self.reset_at:
            self.used, self.reset_at = 0, now + self.window
        self.used += 1
        return self.used <= self.limit

    @property
    def remaining(self) -> int:
        return max(0, self.limit - self.used)


class RateLimiter:
    def __init__(self, limit: int = 50, window: float = 1.0) -> None:
        self.limit = limit
        self.window = window
        self._buckets: dict[str, Bucket] = {}

    def bucket(self, method: str, template: str, major: str) -> Bucket:
        key = f"{method} {template}|{major}"
        bucket = self._buckets.get(key)
        if bucket is None:
            digest = hashlib.sha1(f"{method} {template}".encode()).hexdigest()[:32]
            bucket = self._buckets[key] = Bucket(digest, self.limit, self.window)
        return bucket

    def take(self, method: str, template: str, major: str) -> tuple[bool, dict[str, str]]:
        """Count one request; (allowed, headers describing the bucket after it)."""
        now = time.time()
        bucket = self.bucket(method, template, major)
        allowed = bucket.take(now)
        return allowed, headers(bucket, now)


def headers(bucket: Bucket, now: float) -> dict[str, str]:
    reset_after = max(0.0, bucket.reset_at - now)
    return {
        "X-RateLimit-Limit": str(bucket.limit),
        "X-RateLimit-Remaining": str(bucket.remaining),
        "X-RateLimit-Reset": f"{bucket.reset_at:.3f}",
        "X-RateLimit-Reset-After": f"{reset_after:.3f}",
        "X-RateLimit-Bucket": bucket.hash,
    }


def too_many(bucket_hash: str, retry_after: float, scope: str) -> tuple[dict[str, str], dict[str, object]]:
    """Headers and body of a 429 as Discord sends it."""
    now = time.time()
    hdrs = {
        "X-RateLimit-Limit": "5",
        "X-RateLimit-Remaining": "0",
        "X-RateLimit-Reset": f"{now + retry_after:.3f}",
        "X-RateLimit-Reset-After": f"{retry_after:.3f}",
        "X-RateLimit-Bucket": bucket_hash,
        "X-RateLimit-Scope": scope,
        "Retry-After": str(math.ceil(retry_after)),
        "Via": VIA,
    }
    if scope == "global":
        hdrs["X-RateLimit-Global"] = "true"
    body = {"message": "You are being rate limited.", "retry_after": retry_after, "global": scope == "global"}
    return hdrs, body
