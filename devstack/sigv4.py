"""SigV4 verification for the local webhook endpoints: the check a Lambda function URL with
AWS_IAM auth makes, against the stack's own credentials.

botocore recomputes the signature over the received request (only the headers the client
signed, the received body, the client's timestamp) and it is compared in constant time.
"""

from __future__ import annotations

import hmac
import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime

from botocore.auth import SIGV4_TIMESTAMP, SigV4Auth
from botocore.awsrequest import AWSRequest
from botocore.credentials import Credentials

from devstack.localauth import LocalCredentials

SERVICE = "lambda"
MAX_SKEW_S = 300  # what AWS tolerates between the signer's clock and its own
_AUTH = re.compile(
    r"^AWS4-HMAC-SHA256 Credential=(?P<key>[A-Z0-9]+)/(?P<date>\d{8})/(?P<region>[a-z0-9-]+)/"
    r"(?P<service>[a-z0-9-]+)/aws4_request, ?SignedHeaders=(?P<headers>[a-z0-9;-]+), ?"
    r"Signature=(?P<signature>[0-9a-f]{64})$"
)


class SignatureRejected(Exception):
    pass


@dataclass(frozen=True, slots=True)
class SigV4Verifier:
    credentials: LocalCredentials

    def verify(
        self,
        method: str,
        url: str,
        headers: Mapping[str, str],
        body: bytes,
        *,
        now: datetime | None = None,
    ) -> None:
        """`url` as the client addressed it (scheme, Host header, raw path and query);
        `headers` keyed in lower case. Raises SignatureRejected."""
        found = _AUTH.match(headers.get("authorization", ""))
        if not found:
            raise SignatureRejected("no SigV4 authorization")
        if not hmac.compare_digest(found["key"], self.credentials.access_key_id):
            raise SignatureRejected("unknown access key")
        if found["region"] != self.credentials.region or found["service"] != SERVICE:
            raise SignatureRejected("wrong credential scope")
        signed = found["headers"].split(";")
        if "host" not in signed or "x-amz-date" not in signed:
            raise SignatureRejected("host and x-amz-date must be signed")
        stamp = headers.get("x-amz-date", "")
        try:
            signed_at = datetime.strptime(stamp, SIGV4_TIMESTAMP).replace(tzinfo=UTC)
        except ValueError:
            raise SignatureRejected("bad x-amz-date") from None
        if stamp[:8] != found["date"]:
            raise SignatureRejected("credential date differs from x-amz-date")
        skew = abs(((now or datetime.now(UTC)) - signed_at).total_seconds())
        if skew > MAX_SKEW_S:
            raise SignatureRejected("stale or future x-amz-date")
        missing = [name for name in signed if name not in headers]
        if missing:
            raise SignatureRejected("a signed header is missing")
        request = AWSRequest(method=method, url=url, data=body, headers={name: headers[name] for name in signed})
        request.context["timestamp"] = stamp
        signer = SigV4Auth(
            Credentials(self.credentials.access_key_id, self.credentials.secret_access_key),
            SERVICE,
            self.credentials.region,
        )
        canonical = signer.canonical_request(request)
        expected = signer.signature(signer.string_to_sign(request, canonical), request)
        if not hmac.compare_digest(expected, found["signature"]):
            raise SignatureRejected("signature mismatch")
