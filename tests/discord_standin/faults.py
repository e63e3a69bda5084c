"""Fault injection knobs for REST: 429s on message posts, 500s on uploads, failed or lost requests, added latency.

Each knob is consumed by the next matching requests; every injected fault is written to Store.faults.
The gateway drop lives in gateway.py (Gateway.drop / drop_before).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

# Routes that post a message into a channel. Webhook follow-ups count too when asked: they are
# rate limited on Discord like any webhook execution.
_CHANNEL_POST = re.compile(r"^/api/v10/channels/\d+/messages$")
_WEBHOOK_POST = re.compile(r"^/api/v10/webhooks/\d+/[^/]+$")


@dataclass
class RateLimitFault:
    remaining: int
    retry_after: float
    scope: str  # "user", "shared" or "global" (X-RateLimit-Scope)
    include_followups: bool


@dataclass
class RequestFault:
    remaining: int
    status: int
    method: str
    pattern: re.Pattern[str]


@dataclass
class Faults:
    rate_limits: list[RateLimitFault] = field(default_factory=list)
    request_failures: list[RequestFault] = field(default_factory=list)
    lost_requests: list[RequestFault] = field(default_factory=list)
    upload_failures: int = 0
    upload_failure_status: int = 500
    delay_seconds: float = 0.0
    delay_pattern: re.Pattern[str] | None = None  # only paths matching it are delayed; None = all

    def rate_limit_message_posts(self, n: int = 1, *, retry_after: float = 0.5, scope: str = "user",
                                 include_followups: bool = False) -> None:
        """Answer the next `n` message posts with 429 and this retry_after."""
        self.rate_limits.append(RateLimitFault(n, retry_after, scope, include_followups))

    def fail_uploads(self, n: int = 1, *, status: int = 500) -> None:
        """Answer the next `n` requests that carry files with `status`.

        discord.py retries 500/502/504/524 on channel routes after 1, 3, 5, 7 s (five tries in all)
        and every 5xx on webhook routes (interaction replies, follow-ups); 503 on a channel post
        fails at once with DiscordServerError, the quick way to test a bot that must report it.
        """
        self.upload_failures = n
        self.upload_failure_status = status

    def fail_requests(self, n: int = 1, *, status: int = 503, method: str = "PATCH",
                      path_pattern: str = r"/channels/\d+/messages/\d+$") -> None:
        """Answer the next `n` requests with this method and a matching path with `status` (by
        default: the next message edit fails with 503, which discord.py does not retry on channel
        routes, as when Discord is briefly unavailable)."""
        self.request_failures.append(RequestFault(n, status, method.upper(), re.compile(path_pattern)))

    def lose_requests(self, n: int = 1, *, method: str = "PATCH",
                      path_pattern: str = r"/channels/\d+/messages/\d+$") -> None:
        """The next `n` requests with this method and a matching path never reach Discord: they
        hang unanswered and unapplied until the client goes away (a process killed with the
        request in flight, before it was sent). By default: the next message edit."""
        self.lost_requests.append(RequestFault(n, 0, method.upper(), re.compile(path_pattern)))

    def delay(self, seconds: float, *, path_pattern: str | None = None) -> None:
        """Hold every response (or those whose path matches) for `seconds`; 0 turns it off."""
        self.delay_seconds = seconds
        self.delay_pattern = re.compile(path_pattern) if path_pattern else None

    # -- consulted by the server -----------------------------------------------------------------

    def delay_for(self, path: str) -> float:
        if self.delay_seconds and (self.delay_pattern is None or self.delay_pattern.search(path)):
            return self.delay_seconds
        return 0.0

    def take_rate_limit(self, method: str, path: str) -> RateLimitFault | None:
        if method != "POST" or not self.rate_limits:
            return None
        fault = self.rate_limits[0]
        if not (_CHANNEL_POST.match(path) or (fault.include_followups and _WEBHOOK_POST.match(path))):
            return None
        fault.remaining -= 1
        if fault.remaining <= 0:
            self.rate_limits.pop(0)
        return fault

    def take_lost_request(self, method: str, path: str) -> bool:
        return self._take(self.lost_requests, method, path) is not None

    def take_request_failure(self, method: str, path: str) -> int | None:
        fault = self._take(self.request_failures, method, path)
        return fault.status if fault is not None else None

    @staticmethod
    def _take(faults: list[RequestFault], method: str, path: str) -> RequestFault | None:
        for fault in faults:
            if fault.method == method and fault.pattern.search(path):
                fault.remaining -= 1
                if fault.remaining <= 0:
                    faults.remove(fault)
                return fault
        return None

    def take_upload_failure(self, has_files: bool) -> int | None:
        if not has_files or self.upload_failures <= 0:
            return None
        self.upload_failures -= 1
        return self.upload_failure_status
