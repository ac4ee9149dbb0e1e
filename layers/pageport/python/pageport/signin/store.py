"""Sign-in sessions in DynamoDB: two items per session, each keyed by a key's SHA-256 hash.

- `w#<hash(write key)>`: the encrypted PKCE verifier, the read key's public half, the read hash,
  the user code's tag and how many wrong codes were typed. The confirmation reads it; once the
  right code is typed it is deleted before anything else (conditional on not expired), so a write
  key works once.
- `r#<hash(read key)>`: the read key's public half and, once the callback ran, the sealed
  tokens. Collect deletes it only if the tokens are there and it has not expired, returning the
  old item: DynamoDB applies conditional writes to one item one at a time, so of two concurrent
  collects exactly one gets the tokens.

Expiry is enforced in every condition and read (`expires > now`); the `ttl` attribute only lets
DynamoDB sweep expired items (it deletes them within days, not on the second).
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from botocore.exceptions import ClientError

from pageport import aws
from pageport.settings import get_settings

_EXPIRES_LATER = "attribute_exists(pk) AND expires > :now"


class SessionGone(Exception):
    """Unknown, already used or expired."""


@dataclass(frozen=True, slots=True)
class WriteSide:
    read_hash: str
    read_public: bytes
    verifier: bytes  # encrypted under the write key
    expires: int
    user_code_tag: bytes


@dataclass(frozen=True, slots=True)
class Collected:
    sealed: bytes | None  # None: the user has not finished signing in yet


def _table() -> str:
    return get_settings().signin_table


def _now() -> int:
    return int(time.time())


def _conditional_failed(exc: ClientError) -> bool:
    code = exc.response.get("Error", {}).get("Code")
    return bool(code == "ConditionalCheckFailedException")


def create(
    *, read_hash: str, write_hash: str, read_public: bytes, verifier: bytes, user_code_tag: bytes, expires: int
) -> None:
    client = aws.dynamodb()
    common: dict[str, Any] = {"expires": {"N": str(expires)}, "ttl": {"N": str(expires)}}
    # The read item first: a write item never exists without the item its callback fills.
    for item in (
        {"pk": {"S": f"r#{read_hash}"}, "public": {"B": read_public}, **common},
        {
            "pk": {"S": f"w#{write_hash}"},
            "read": {"S": read_hash},
            "public": {"B": read_public},
            "verifier": {"B": verifier},
            "userCode": {"B": user_code_tag},
            **common,
        },
    ):
        client.put_item(TableName=_table(), Item=item, ConditionExpression="attribute_not_exists(pk)")


def take_write_side(write_hash: str) -> WriteSide:
    """Delete the write item and return it: the callback's single use of the write key."""
    try:
        old = _deleted(
            aws.dynamodb().delete_item(
                TableName=_table(),
                Key={"pk": {"S": f"w#{write_hash}"}},
                ConditionExpression=_EXPIRES_LATER,
                ExpressionAttributeValues={":now": {"N": str(_now())}},
                ReturnValues="ALL_OLD",
            )
        )
    except ClientError as exc:
        if _conditional_failed(exc):
            raise SessionGone() from None
        raise
    return _write_side(old)


def peek_write_side(write_hash: str) -> WriteSide:
    """The write item, left in place: what the confirmation page checks the typed code against."""
    item = (
        aws.dynamodb()
        .get_item(TableName=_table(), Key={"pk": {"S": f"w#{write_hash}"}}, ConsistentRead=True)
        .get("Item")
    )
    if item is None or int(item["expires"]["N"]) <= _now():
        raise SessionGone()
    return _write_side(item)


def record_miss(write_hash: str, allowed: int) -> int:
    """Count one wrong user code; the tries left (0: that was the last one the session allows)."""
    try:
        updated = aws.dynamodb().update_item(
            TableName=_table(),
            Key={"pk": {"S": f"w#{write_hash}"}},
            UpdateExpression="ADD misses :one",
            ConditionExpression=f"{_EXPIRES_LATER} AND (attribute_not_exists(misses) OR misses < :allowed)",
            ExpressionAttributeValues={
                ":now": {"N": str(_now())},
                ":one": {"N": "1"},
                ":allowed": {"N": str(allowed)},
            },
            ReturnValues="UPDATED_NEW",
        )
    except ClientError as exc:
        if _conditional_failed(exc):
            return 0
        raise
    return max(0, allowed - int(updated["Attributes"]["misses"]["N"]))


def _write_side(item: Mapping[str, Any]) -> WriteSide:
    return WriteSide(
        read_hash=item["read"]["S"],
        read_public=bytes(item["public"]["B"]),
        verifier=bytes(item["verifier"]["B"]),
        expires=int(item["expires"]["N"]),
        user_code_tag=bytes(item["userCode"]["B"]),
    )


def put_sealed(read_hash: str, sealed: bytes) -> None:
    """Leave the sealed tokens for the read key's holder; once, and only before expiry."""
    try:
        aws.dynamodb().update_item(
            TableName=_table(),
            Key={"pk": {"S": f"r#{read_hash}"}},
            UpdateExpression="SET sealed = :sealed",
            ConditionExpression=f"{_EXPIRES_LATER} AND attribute_not_exists(sealed)",
            ExpressionAttributeValues={":now": {"N": str(_now())}, ":sealed": {"B": sealed}},
        )
    except ClientError as exc:
        if _conditional_failed(exc):
            raise SessionGone() from None
        raise


def abandon(read_hash: str) -> None:
    """End a session whose sign-in failed: its next collect is a 404, so the plugin stops polling."""
    aws.dynamodb().delete_item(TableName=_table(), Key={"pk": {"S": f"r#{read_hash}"}})


def _deleted(response: Mapping[str, Any]) -> Mapping[str, Any]:
    """What a conditional delete took. Nothing means another delete of the same item won: an
    emulator (moto) checks the condition and deletes in two steps, so two racing deletes can both
    pass it; DynamoDB itself never answers so, and either way only one caller gets the item."""
    old: Mapping[str, Any] | None = response.get("Attributes")
    if old is None:
        raise SessionGone()
    return old


def collect(read_hash: str) -> Collected:
    """The sealed tokens, deleted as they are returned; pending while there are none yet."""
    client = aws.dynamodb()
    now = {":now": {"N": str(_now())}}
    key = {"pk": {"S": f"r#{read_hash}"}}
    try:
        old = _deleted(
            client.delete_item(
                TableName=_table(),
                Key=key,
                ConditionExpression=f"{_EXPIRES_LATER} AND attribute_exists(sealed)",
                ExpressionAttributeValues=now,
                ReturnValues="ALL_OLD",
            )
        )
        return Collected(sealed=bytes(old["sealed"]["B"]))
    except ClientError as exc:
        if not _conditional_failed(exc):
            raise
    item = client.get_item(TableName=_table(), Key=key, ConsistentRead=True).get("Item")
    if item is None or int(item["expires"]["N"]) <= _now() or "sealed" in item:
        # "sealed" here: another collect is taking it right now, or it expired in between.
        raise SessionGone()
    return Collected(sealed=None)


# The table's shape, shared by infra (the CDK table), the local stack and the tests.
PARTITION_KEY = "pk"
TTL_ATTRIBUTE = "ttl"


def create_table(client: Any, name: str) -> None:
    """Create the sessions table (the local stack's emulation and the tests)."""
    client.create_table(
        TableName=name,
        KeySchema=[{"AttributeName": PARTITION_KEY, "KeyType": "HASH"}],
        AttributeDefinitions=[{"AttributeName": PARTITION_KEY, "AttributeType": "S"}],
        BillingMode="PAY_PER_REQUEST",
    )
    client.update_time_to_live(
        TableName=name, TimeToLiveSpecification={"Enabled": True, "AttributeName": TTL_ATTRIBUTE}
    )
